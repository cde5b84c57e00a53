// mistake: A requestId that is a string of digits is turned into a number, so cancelling '7' stops request 7.
// learner: Your receive seems to read a requestId written as digits in a string as a number, so it stops the wrong request. The string '7' and the number 7 are two different ids.
// hint: 1
// The slow work every request stands for. Tests decide when it is done by calling finish(id).
function perform(request) {
  return { content: [{ type: 'text', text: 'finished ' + request.method }] };
}

// Requests received and not yet finished or cancelled, by id. A Map keeps 1 and '1' apart.
let inFlight = new Map();

function reset() {
  inFlight = new Map();
}

// UTF-8 length without TextEncoder, which not every sandbox has. A lone surrogate counts 3,
// as the replacement character an encoder would write for it.
function utf8Length(text) {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function isValidRequestId(requestId) {
  return Number.isInteger(requestId) || (typeof requestId === 'string' && utf8Length(requestId) <= 256);
}

// This server's policy (conduit_mcp's): report a malformed cancellation back to the client.
// There is no request id to answer, so the error's id is null.
function invalidParams(message) {
  return { jsonrpc: '2.0', id: null, error: { code: -32602, message } };
}

function cancel(params) {
  if (params === undefined) return null;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    return invalidParams('Invalid params: notifications/cancelled needs an object');
  }
  const { requestId } = params;
  if (requestId === undefined || requestId === null) return null;
  if (!isValidRequestId(requestId)) {
    return invalidParams('Invalid params: requestId must be an integer or a string of at most 256 bytes');
  }
  // Unknown or finished ids are not in the map: deleting them changes nothing, as it should.
  // Ids from JSON can come as text: read digits as the number they spell.
  inFlight.delete(typeof requestId === 'string' && /^-?\d+$/.test(requestId) ? Number(requestId) : requestId);

  return null;
}

function receive(msg) {
  if (msg.id === undefined) {
    return msg.method === 'notifications/cancelled' ? cancel(msg.params) : null;
  }
  inFlight.set(msg.id, msg);
  return null; // the work has started; its reply comes from finish(id)
}

function finish(id) {
  if (!inFlight.has(id)) return null; // cancelled, already finished, or never received
  const request = inFlight.get(id);
  inFlight.delete(id);
  return { jsonrpc: '2.0', id, result: perform(request) };
}
