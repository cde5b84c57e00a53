// Requests in an array of entries searched with ===, every function async; Object.prototype.toString tells a plain object.
// The slow work every request stands for. Tests decide when it is done by calling finish(id).
function perform(request) {
  return { content: [{ type: 'text', text: 'finished ' + request.method }] };
}

// An array of entries, searched with ===, which never mixes 1 and '1'.
let entries = [];

function countUtf8(text) {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c < 0x10000) n += 3;
    else n += 4;
  }
  return n;
}

function indexOfId(id) {
  return entries.findIndex((entry) => entry.id === id);
}

function reset() {
  entries = [];
}

async function receive(msg) {
  if (msg.id !== undefined) {
    const at = indexOfId(msg.id);
    if (at >= 0) entries.splice(at, 1);
    entries.push({ id: msg.id, request: msg });
    return null;
  }
  if (msg.method !== 'notifications/cancelled') return null;
  const params = msg.params;
  if (params === undefined) return null;
  const isObject = Object.prototype.toString.call(params) === '[object Object]';
  if (!isObject) return { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'params must be an object' } };
  const requestId = params.requestId;
  if (requestId === undefined || requestId === null) return null;
  const ok = Number.isInteger(requestId) || (typeof requestId === 'string' && countUtf8(requestId) <= 256);
  if (!ok) return { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'requestId must be an integer or a string of at most 256 bytes' } };
  const at = indexOfId(requestId);
  if (at >= 0) entries.splice(at, 1);
  return null;
}

async function finish(id) {
  const at = indexOfId(id);
  if (at < 0) return null;
  const [entry] = entries.splice(at, 1);
  return { jsonrpc: '2.0', id, result: perform(entry.request) };
}
