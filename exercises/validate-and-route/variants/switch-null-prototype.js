// switch statements over the parsed value's kinds, and a null-prototype copy of the table.
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

const own = Object.assign(Object.create(null), handlers);
const PARSE_ERROR = { code: -32700, message: 'Parse error' };
const INVALID = { code: -32600, message: 'Invalid Request' };
const NOT_FOUND = { code: -32601, message: 'Method not found' };

const errorReply = (id, { code, message }) => ({ jsonrpc: '2.0', id, error: { code, message } });

function idKind(msg) {
  if (msg.id === undefined) return 'absent'; // after JSON.parse, undefined means "no member"
  switch (typeof msg.id) {
    case 'string':
    case 'number':
      return 'readable';
    case 'object':
      return msg.id === null ? 'null' : 'bad';
    default:
      return 'bad';
  }
}

function paramsOk(msg) {
  switch (typeof msg.params) {
    case 'undefined':
      return true;
    case 'object':
      return msg.params !== null;
    default:
      return false;
  }
}

function handle(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return errorReply(null, PARSE_ERROR);
  }
  switch (true) {
    case typeof msg !== 'object':
    case msg === null:
    case Array.isArray(msg):
      return errorReply(null, INVALID);
    default:
  }
  const kind = idKind(msg);
  if (msg.jsonrpc !== '2.0' || typeof msg.method !== 'string' || kind === 'bad' || !paramsOk(msg)) {
    return errorReply(kind === 'readable' ? msg.id : null, INVALID);
  }
  if (kind === 'absent') return null;
  const handler = own[msg.method];
  if (handler === undefined) return errorReply(msg.id, NOT_FOUND);
  return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params) };
}
