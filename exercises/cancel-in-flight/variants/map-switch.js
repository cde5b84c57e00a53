// A Map and a switch on typeof requestId.
// The slow work every request stands for. Tests decide when it is done by calling finish(id).
function perform(request) {
  return { content: [{ type: 'text', text: 'finished ' + request.method }] };
}

const MAX_ID_BYTES = 256;
let inFlight = new Map();

function utf8Bytes(text) {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function invalidParams() {
  return { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Invalid params' } };
}

function cancel(params) {
  if (params === undefined) return null;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return invalidParams();
  const { requestId } = params;
  if (requestId === undefined || requestId === null) return null;
  switch (typeof requestId) {
    case 'number':
      if (!Number.isInteger(requestId)) return invalidParams();
      break;
    case 'string':
      if (utf8Bytes(requestId) > MAX_ID_BYTES) return invalidParams();
      break;
    default:
      return invalidParams();
  }
  inFlight.delete(requestId);
  return null;
}

function reset() {
  inFlight = new Map();
}

function receive(msg) {
  if (msg.id !== undefined) {
    inFlight.set(msg.id, msg);
    return null;
  }
  if (msg.method === 'notifications/cancelled') return cancel(msg.params);
  return null;
}

function finish(id) {
  if (!inFlight.has(id)) return null;
  const request = inFlight.get(id);
  inFlight.delete(id);
  return { jsonrpc: '2.0', id, result: perform(request) };
}
