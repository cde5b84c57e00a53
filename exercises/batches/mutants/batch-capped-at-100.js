// mistake: answers at most the first 100 elements of a batch, as a server with a fixed batch limit would, though the task allows any length.
// learner: Your handleText seems to answer only the first elements of a long batch. A batch may be of any length here: every element is answered.
// The example methods of the JSON-RPC 2.0 specification, section 7.
const methods = {
  subtract: (params) => (Array.isArray(params) ? params[0] - params[1] : params.minuend - params.subtrahend),
  sum: (params) => params.reduce((total, n) => total + n, 0),
  get_data: () => ['hello', 5],
  update: () => null,
  notify_hello: () => null,
  notify_sum: () => null,
};

function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// Answers ONE parsed message, as in the previous lesson: a reply object, or null for a notification.
// Every -32600 it sends carries id: null, even when the invalid message had a readable id.
function answer(msg) {
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return error(null, -32600, 'Invalid Request');
  const hasId = Object.hasOwn(msg, 'id');
  const idOk = !hasId || msg.id === null || typeof msg.id === 'string' || typeof msg.id === 'number';
  const paramsOk = !Object.hasOwn(msg, 'params') || (typeof msg.params === 'object' && msg.params !== null);
  if (msg.jsonrpc !== '2.0' || typeof msg.method !== 'string' || !paramsOk || !idOk) {
    return error(null, -32600, 'Invalid Request');
  }
  const known = Object.hasOwn(methods, msg.method);
  if (!hasId) {
    if (known) {
      try {
        methods[msg.method](msg.params);
      } catch {}
    }
    return null;
  }
  if (!known) return error(msg.id, -32601, 'Method not found');
  try {
    return { jsonrpc: '2.0', id: msg.id, result: methods[msg.method](msg.params) };
  } catch {
    return error(msg.id, -32603, 'Internal error');
  }
}

// Takes the raw request text; returns the raw reply text (a JSON string), or null when nothing is sent.
function handleText(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return JSON.stringify(error(null, -32700, 'Parse error'));
  }
  if (!Array.isArray(parsed)) {
    const reply = answer(parsed);
    return reply === null ? null : JSON.stringify(reply);
  }
  if (parsed.length === 0) return JSON.stringify(error(null, -32600, 'Invalid Request'));
  // At most 100 elements, as some servers cap a batch.
  const replies = parsed.slice(0, 100).map(answer).filter((reply) => reply !== null);
  // A batch of notifications only is answered with nothing at all, never with "[]".
  return replies.length === 0 ? null : JSON.stringify(replies);
}
