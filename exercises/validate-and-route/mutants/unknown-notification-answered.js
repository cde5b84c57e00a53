// mistake: looks the method up before deciding notification, so a valid notification for a method the table lacks gets -32601.
// learner: Your handler seems to answer a valid notification whose method is not in the table. A valid message without an id gets no reply, whatever its method.
// hint: 3
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// Takes the raw text of one message; returns the reply object, or null when nothing is sent.
function handle(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return error(null, -32700, 'Parse error');
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return error(null, -32600, 'Invalid Request');
  const hasId = Object.hasOwn(msg, 'id');
  const readableId = hasId && (typeof msg.id === 'string' || typeof msg.id === 'number');
  const idOk = !hasId || msg.id === null || readableId;
  const paramsOk = !Object.hasOwn(msg, 'params') || (typeof msg.params === 'object' && msg.params !== null);
  if (msg.jsonrpc !== '2.0' || typeof msg.method !== 'string' || !paramsOk || !idOk) {
    return error(readableId ? msg.id : null, -32600, 'Invalid Request');
  }
  if (!Object.hasOwn(handlers, msg.method)) return error(hasId ? msg.id : null, -32601, 'Method not found');
  if (!hasId) return null;
  return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
}
