// mistake: reads an id out of text that is not JSON with a regular expression and puts it in the -32700 reply.
// learner: Your -32700 reply seems to carry an id read out of the broken text. Nothing in text that is not JSON can be trusted, not even an id that seems to be there.
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
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    const seen = /"id"\s*:\s*(\d+|"[^"]*")/.exec(text); // be kind: give the client its id back
    return error(seen ? JSON.parse(seen[1]) : null, -32700, 'Parse error');
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
