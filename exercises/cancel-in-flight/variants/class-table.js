// A class with a private Map; bytes counted from UTF-16 units, pairing surrogates by hand (a lone one counts 3).
// The slow work every request stands for. Tests decide when it is done by calling finish(id).
function perform(request) {
  return { content: [{ type: 'text', text: 'finished ' + request.method }] };
}

class InFlightTable {
  #requests = new Map();

  start(request) {
    this.#requests.set(request.id, request);
  }

  stop(id) {
    this.#requests.delete(id);
  }

  take(id) {
    const request = this.#requests.get(id);
    if (!this.#requests.has(id)) return undefined;
    this.#requests.delete(id);
    return request;
  }
}

// UTF-8 length from UTF-16 code units: a surrogate pair is one 4-byte character, a lone
// surrogate counts as the 3-byte replacement character an encoder would write.
function byteLength(text) {
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        total += 4;
        i++;
        continue;
      }
    }
    total += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
  }
  return total;
}

const isValidRequestId = (value) => Number.isInteger(value) || (typeof value === 'string' && byteLength(value) <= 256);
const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

let table = new InFlightTable();

function reset() {
  table = new InFlightTable();
}

function receive(msg) {
  const { id, method, params } = msg;
  if (id !== undefined) {
    table.start(msg);
    return null;
  }
  if (method !== 'notifications/cancelled') return null;
  const malformed = { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Malformed cancellation' } };
  if (params !== undefined && !isPlainObject(params)) return malformed;
  const requestId = params === undefined ? undefined : params.requestId;
  if (requestId == null) return null;
  if (!isValidRequestId(requestId)) return malformed;
  table.stop(requestId);
  return null;
}

function finish(id) {
  const request = table.take(id);
  return request === undefined ? null : { jsonrpc: '2.0', id, result: perform(request) };
}
