// mistake: answers -32600 to any text whose first character is not "{", before parsing, so JSON that starts with whitespace (and text that is not JSON at all) gets the wrong answer.
// learner: Your handler seems to judge the text by its first character. JSON may start with spaces or line breaks, and text that is not JSON has its own code; only JSON.parse can tell.
// hint: 6
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// Takes the raw text of one message; returns the reply object, or null when nothing is sent.
function handle(text) {
  if (text[0] !== '{') return error(null, -32600, 'Invalid Request'); // not an object: no need to parse
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
