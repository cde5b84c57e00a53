// Shows: a correct handleText that answers batch elements in REVERSE order, with a for loop and pretty-printed JSON.
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

function handleText(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Unparseable request' } }, null, 2);
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) {
      return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Empty batch' } }, null, 2);
    }
    const out = [];
    for (let i = parsed.length - 1; i >= 0; i--) {
      const r = answer(parsed[i]);
      if (r) out.push(r);
    }
    return out.length ? JSON.stringify(out, null, 2) : null;
  }
  const single = answer(parsed);
  return single ? JSON.stringify(single, null, 2) : null;
}
