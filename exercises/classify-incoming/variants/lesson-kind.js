// The lesson's kind() as it stands, with the error object checked as its note says, and a Map of
// the table's methods.
const handlers = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [] }),
};

const methods = new Map(Object.entries(handlers));
const isId = (id) => typeof id === 'string' || Number.isInteger(id);
const isError = (e) => typeof e === 'object' && e !== null && !Array.isArray(e) && Number.isInteger(e.code) && typeof e.message === 'string';

function classify(msg) {
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg) || msg.jsonrpc !== '2.0') return 'invalid';
  const has = (key) => Object.hasOwn(msg, key) && msg[key] !== undefined; // undefined: not on the wire
  if (has('method')) {
    if (typeof msg.method !== 'string' || has('result') || has('error')) return 'invalid';
    return !has('id') ? 'notification' : isId(msg.id) ? 'request' : 'invalid';
  }
  if (has('result') === has('error')) return 'invalid'; // both, or neither
  if (has('result')) return isId(msg.id) ? 'result' : 'invalid';
  return (!has('id') || msg.id === null || isId(msg.id)) && isError(msg.error) ? 'error' : 'invalid';
}

function route(msg) {
  const kind = classify(msg);
  if (kind === 'invalid') return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
  if (kind !== 'request') return null;
  const handler = methods.get(msg.method);
  if (handler === undefined) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params) };
}
