// mistake: an async route returns the handler's promise chain from inside try without awaiting it, so a throwing handler rejects route's promise instead of reaching the catch.
// learner: Your router seems to let a throwing handler's failure escape as a rejected promise instead of answering it. Look again at which failures your try block can see.
// hint: 2
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

async function route(msg) {
  const handler = handlers[msg.method];
  const isNotification = msg.id === undefined;
  if (isNotification) return null;
  if (typeof handler !== 'function') {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'method not found' } };
  }
  try {
    return Promise.resolve(msg.params || {})
      .then((params) => handler(params))
      .then((result) => ({ jsonrpc: '2.0', id: msg.id, result }));
  } catch (e) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
