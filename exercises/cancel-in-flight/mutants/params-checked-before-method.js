// mistake: Checks the params of every notification as if it were a cancellation, before looking at its method, so another notification whose params are not an object is answered -32602.
// learner: Your receive seems to answer some notifications that are not notifications/cancelled, because of the shape of their params. Any other notification gets null, whatever its params.
// hint: 3
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
  inFlight.delete(requestId);
  return null;
}

function receive(msg) {
  if (msg.id === undefined) {
    if (msg.params !== undefined && (msg.params === null || typeof msg.params !== 'object' || Array.isArray(msg.params))) {
      return invalidParams('Invalid params: a notification needs an object');
    }
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
