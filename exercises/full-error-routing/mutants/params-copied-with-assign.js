// mistake: copies the params with Object.assign, whose assignments run the __proto__ setter, so an own "__proto__" key of the params becomes their prototype.
// learner: Your router seems to hand the handler a copy of the params rather than the object itself, and the copy differs: a key named "__proto__" turned into something the handler inherits.
// hint: 4
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

function route(msg) {
  const handler = handlers[msg.method];
  const isNotification = msg.id === undefined;
  if (typeof handler !== 'function') {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'method not found' } };
  }
  try {
    const result = handler(Object.assign({}, msg.params || {}));
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
