// mistake: calls the handler without try/catch, so a throwing handler crashes the router instead of answering -32603.
// learner: Your router seems to let a handler's exception escape, so a throwing handler crashes it instead of being answered. Look again at how a failure inside a handler becomes a reply.
// hint: 2
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
  const result = handler(msg.params || {});
  if (isNotification) return null;
  return { jsonrpc: '2.0', id: msg.id, result };
}
