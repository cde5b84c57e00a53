// mistake: writes `id: msg.id || null`, so the request with id 0 is answered with id null.
// learner: Your reply seems to replace the ids 0 and "" with null, as if they were missing. They are real ids, and the reply must repeat the id exactly as it came.
// hint: 4
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id || null, result };
}
