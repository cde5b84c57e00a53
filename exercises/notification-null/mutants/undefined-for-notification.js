// mistake: returns undefined (a bare `return;`) for a notification instead of null.
// learner: Your router seems to return nothing at all (undefined) for a notification. The task asks for one specific value that means "nothing to send".
// hint: 3
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
