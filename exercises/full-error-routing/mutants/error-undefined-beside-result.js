// mistake: builds one reply object with both keys, leaving `error: undefined` beside `result` on success.
// learner: Your success replies seem to keep an error key whose value is undefined. The key is still there, and a success reply should have no error key at all.
// hint: 5
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

function route(msg) {
  const handler = handlers[msg.method];
  const isNotification = msg.id === undefined;
  if (isNotification && typeof handler !== 'function') return null;
  const reply = { jsonrpc: '2.0', id: msg.id, result: undefined, error: undefined };
  if (typeof handler !== 'function') {
    reply.error = { code: -32601, message: 'method not found' };
    delete reply.result;
    return reply;
  }
  try {
    reply.result = handler(msg.params || {});
  } catch (e) {
    reply.error = { code: -32603, message: String(e && e.message || e) };
    delete reply.result;
  }
  return isNotification ? null : reply;
}
