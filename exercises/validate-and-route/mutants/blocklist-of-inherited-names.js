// mistake: refuses a hand-written list of inherited names instead of looking up own entries, so valueOf and the others still reach the prototype.
// learner: Your method lookup seems to refuse a few inherited names by hand, so others such as valueOf still find something on the prototype. Ask which names the table holds itself, not which ones to refuse.
// hint: 4
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
  if (!hasId) return null;
  const banned = ['toString', '__proto__', 'constructor'];
  if (banned.includes(msg.method) || typeof handlers[msg.method] !== 'function') return error(msg.id, -32601, 'Method not found');
  return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
}
