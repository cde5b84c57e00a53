// mistake: Asks the message itself which members it has (msg.hasOwnProperty), which calls the message's own hasOwnProperty member when it has one and throws.
// learner: Your classify seems to fail on a message that has a member named like a method every object has, such as hasOwnProperty. Such a member is one like any other: it changes nothing about the kind.
// hint: 3
// The methods this server answers when the client asks.
const handlers = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [] }),
};

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// MCP request ids: a string or an integer, never null, never fractional.
function isRequestId(id) {
  return typeof id === 'string' || Number.isInteger(id);
}

function isErrorObject(error) {
  return isPlainObject(error) && Number.isInteger(error.code) && typeof error.message === 'string';
}

function classify(msg) {
  if (!isPlainObject(msg) || msg.jsonrpc !== '2.0') return 'invalid';
  // A member set to undefined would vanish on the wire, so it counts as absent.
  const has = (key) => msg.hasOwnProperty(key) && msg[key] !== undefined;
  // A message is a call or an answer, never both: a method beside result or error fits neither.
  if (has('method')) {
    if (typeof msg.method !== 'string' || has('result') || has('error')) return 'invalid';
    if (!has('id')) return 'notification';
    return isRequestId(msg.id) ? 'request' : 'invalid';
  }
  if (has('result') && has('error')) return 'invalid';
  if (has('result')) return isRequestId(msg.id) ? 'result' : 'invalid';
  if (has('error')) {
    // The id may be null or missing: the peer could not read the id of the message it answers.
    const idOk = !has('id') || msg.id === null || isRequestId(msg.id);
    return idOk && isErrorObject(msg.error) ? 'error' : 'invalid';
  }
  return 'invalid';
}

function route(msg) {
  switch (classify(msg)) {
    case 'request':
      if (!Object.hasOwn(handlers, msg.method)) {
        return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
      }
      return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
    case 'notification':
      return null;
    case 'result':
    case 'error':
      // An answer to one of our own requests: it goes to the pending-request table, never back.
      return null;
    default:
      // Whatever id a broken message carries, it cannot be trusted to be the peer's: send null.
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
  }
}
