// mistake: asks the message itself whether it has an id (msg.hasOwnProperty('id')), which a member named hasOwnProperty replaces.
// learner: Your code seems to call a method of the message itself, such as msg.hasOwnProperty(...). A message may carry a member of that name (extra members are ignored, whatever their names): use Object.hasOwn(msg, 'id').
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

function reply(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValidId(id) {
  return id === null || typeof id === 'string' || typeof id === 'number';
}

function handle(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return reply(null, -32700, 'Parse error');
  }
  if (!isObject(msg)) return reply(null, -32600, 'Invalid Request');

  // The object's own method, as older code writes it.
  const hasId = msg.hasOwnProperty('id');
  // An id we can read is echoed even on an invalid request; one of the wrong type cannot be.
  const replyId = hasId && isValidId(msg.id) ? msg.id : null;
  const valid =
    msg.jsonrpc === '2.0' &&
    typeof msg.method === 'string' &&
    (!Object.hasOwn(msg, 'params') || isObject(msg.params) || Array.isArray(msg.params)) &&
    (!hasId || isValidId(msg.id));
  if (!valid) return reply(replyId, -32600, 'Invalid Request');

  const known = Object.hasOwn(handlers, msg.method);
  if (!hasId) {
    // A notification still runs, for its effect; whatever happens, nothing is sent.
    if (known) {
      try {
        handlers[msg.method](msg.params);
      } catch {}
    }
    return null;
  }
  if (!known) return reply(msg.id, -32601, 'Method not found');
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
  } catch {
    return reply(msg.id, -32603, 'Internal error');
  }
}
