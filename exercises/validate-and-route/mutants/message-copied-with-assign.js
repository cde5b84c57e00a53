// mistake: copies the parsed message with Object.assign, whose __proto__ setter turns a member named "__proto__" into the copy's prototype, so {"__proto__":{...a request...}} passes as a notification.
// learner: Your handler seems to read members the parsed object does not have of its own: an object whose only member is named "__proto__" gets through as a valid message. Look again at what your code works on after JSON.parse.
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
  let msg;
  try {
    msg = Object.assign({}, JSON.parse(text)); // work on a copy, never on the parsed value
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
