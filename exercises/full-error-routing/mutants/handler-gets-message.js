// mistake: calls the handler with the whole message instead of its params, so echo answers { echoed: undefined } for { msg: 'hi' }.
// learner: Your router seems to hand the handler something other than the message's params, so echo does not send back the msg it was given. Look again at what a handler is called with.
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
    const result = handler(msg);
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
