// A class around answer that sorts the replies by id; its answer still echoes a readable id in a -32600, as lesson 02 allows.
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
    return error(hasId && idOk ? msg.id : null, -32600, 'Invalid Request');
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
class BatchLayer {
  constructor(single) {
    this.single = single;
  }

  parse(text) {
    try {
      return { value: JSON.parse(text) };
    } catch {
      return null;
    }
  }

  reply(text) {
    const parsed = this.parse(text);
    if (parsed === null) return error(null, -32700, 'Parse error');
    const { value } = parsed;
    if (!Array.isArray(value)) return this.single(value);
    if (!value.length) return error(null, -32600, 'Invalid Request');
    const replies = value.map((element) => this.single(element)).filter((r) => r !== null);
    // any order is fine; sort for tidy logs (nulls first, then by id text)
    replies.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    return replies.length === 0 ? null : replies;
  }
}

const layer = new BatchLayer(answer);

// Takes the raw request text; returns the raw reply text (a JSON string), or null when nothing is sent.
function handleText(text) {
  const out = layer.reply(text);
  return out === null ? null : JSON.stringify(out);
}
