// One chain of ifs, presence tested with !== undefined after Object.hasOwn.
// The methods this server answers when the client asks.
const handlers = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [] }),
};

const isId = (id) => typeof id === 'string' || Number.isInteger(id);

function classify(msg) {
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return 'invalid';
  if (msg.jsonrpc !== '2.0') return 'invalid';
  // A member whose value is undefined is absent, as on the wire.
  const has = (key) => Object.hasOwn(msg, key) && msg[key] !== undefined;
  if (has('method')) {
    if (typeof msg.method !== 'string' || has('result') || has('error')) return 'invalid';
    if (!has('id')) return 'notification';
    return isId(msg.id) ? 'request' : 'invalid';
  }
  if (has('result') === has('error')) return 'invalid';
  if (has('result')) return isId(msg.id) ? 'result' : 'invalid';
  const { error } = msg;
  if (!(msg.id === undefined || msg.id === null || isId(msg.id))) return 'invalid';
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return 'invalid';
  return Number.isInteger(error.code) && typeof error.message === 'string' ? 'error' : 'invalid';
}

function route(msg) {
  switch (classify(msg)) {
    case 'request':
      if (!Object.hasOwn(handlers, msg.method)) {
        return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
      }
      return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
    case 'invalid':
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
    default:
      return null; // notifications, results and errors get nothing back
  }
}
