// mistake: rejects the empty method "" as invalid (-32600), though it is a string and must be looked up (-32601).
// learner: Your validation seems to reject a method that is the empty string. The rule only asks for a string, and "" is one; a name the table lacks is a different error.
// hint: 2
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
  if (msg.jsonrpc !== '2.0' || !(typeof msg.method === 'string' && msg.method) || !paramsOk || !idOk) {
    return error(readableId ? msg.id : null, -32600, 'Invalid Request');
  }
  if (!hasId) return null;
  if (!Object.hasOwn(handlers, msg.method)) return error(msg.id, -32601, 'Method not found');
  return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
}
