// Classifies the outcome first (ok, missing, threw), then builds the reply in a switch.
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

function fail(id, code) {
  const message = code === METHOD_NOT_FOUND ? 'Method not found' : 'Internal error';
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** @param {JsonRpcMessage} msg */
function route(msg) {
  let kind;
  let value;
  const handler = Object.prototype.hasOwnProperty.call(handlers, msg.method) ? handlers[msg.method] : null;
  if (handler === null) {
    kind = 'missing';
  } else {
    try {
      value = handler(msg.params || {});
      kind = 'ok';
    } catch {
      kind = 'threw';
    }
  }
  if (typeof msg.id === 'undefined') return null;
  switch (kind) {
    case 'ok':
      return { jsonrpc: '2.0', id: msg.id, result: value };
    case 'missing':
      return fail(msg.id, METHOD_NOT_FOUND);
    default:
      return fail(msg.id, INTERNAL_ERROR);
  }
}
