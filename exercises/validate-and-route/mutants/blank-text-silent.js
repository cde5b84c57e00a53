// mistake: returns null for an empty or blank text, which is not JSON and must get -32700.
// learner: Your handler seems to send nothing for an empty or blank text. Such a text is not JSON, and text that is not JSON is answered, not ignored.
// hint: 1
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// Takes the raw text of one message; returns the reply object, or null when nothing is sent.
function handle(text) {
  if (text.trim() === '') return null; // nothing arrived, nothing to answer
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
  if (!hasId) return null;
  if (!Object.hasOwn(handlers, msg.method)) return error(msg.id, -32601, 'Method not found');
  return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
}
