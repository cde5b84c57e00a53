// mistake: writes the error code as the string "-32601" instead of the number -32601.
// learner: Your error replies seem to give the code as text rather than as a number. Clients compare codes as numbers; look again at the type of the code in the task.
// hint: 6
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
    return { jsonrpc: '2.0', id: msg.id, error: { code: '-32601', message: 'method not found' } };
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, error: { code: '-32603', message: String(e && e.message || e) } };
  }
}
