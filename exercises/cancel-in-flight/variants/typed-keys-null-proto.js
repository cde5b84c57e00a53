// A null-prototype object keyed by type and value ('number:1', 'string:1'); bytes counted with reduce.
// The slow work every request stands for. Tests decide when it is done by calling finish(id).
function perform(request) {
  return { content: [{ type: 'text', text: 'finished ' + request.method }] };
}

// A null-prototype object keyed by type and value: 1 and '1' get different keys, and no key
// can meet an inherited name.
let running = Object.create(null);
const keyOf = (id) => (id === null ? 'null' : typeof id + ':' + String(id));

const utf8Size = (text) =>
  [...text].reduce((sum, char) => {
    const cp = char.codePointAt(0);
    if (cp <= 0x7f) return sum + 1;
    if (cp <= 0x7ff) return sum + 2;
    if (cp <= 0xffff) return sum + 3;
    return sum + 4;
  }, 0);

function classifyRequestId(params) {
  if (params === undefined) return 'ignore';
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return 'malformed';
  const id = params.requestId;
  if (id === undefined || id === null) return 'ignore';
  if (typeof id === 'number') return Number.isInteger(id) ? 'valid' : 'malformed';
  if (typeof id === 'string') return utf8Size(id) <= 256 ? 'valid' : 'malformed';
  return 'malformed';
}

function reset() {
  running = Object.create(null);
}

function receive(msg) {
  if (msg.id !== undefined) {
    running[keyOf(msg.id)] = { request: msg };
    return null;
  }
  if (msg.method !== 'notifications/cancelled') return null;
  const verdict = classifyRequestId(msg.params);
  if (verdict === 'malformed') return { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Invalid cancellation' } };
  if (verdict === 'valid') delete running[keyOf(msg.params.requestId)];
  return null;
}

function finish(id) {
  const key = keyOf(id);
  const entry = running[key];
  if (entry === undefined) return null;
  delete running[key];
  return { jsonrpc: '2.0', id, result: perform(entry.request) };
}
