// The task's table as data, one predicate per row; presence with Object.keys(msg).includes.
// The methods this server answers when the client asks.
const handlers = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [] }),
};

// The task's table, one predicate per row; the first row that fits names the kind.
const present = (msg, key) => msg[key] !== undefined && Object.keys(msg).includes(key);
const requestId = (id) => (typeof id === 'number' && Number.isInteger(id)) || typeof id === 'string';
const errorObject = (e) => e !== null && typeof e === 'object' && !Array.isArray(e) && Number.isInteger(e.code) && typeof e.message === 'string';

const ROWS = [
  ['request', (m) => present(m, 'method') && typeof m.method === 'string' && present(m, 'id') && requestId(m.id) && !present(m, 'result') && !present(m, 'error')],
  ['notification', (m) => present(m, 'method') && typeof m.method === 'string' && !present(m, 'id') && !present(m, 'result') && !present(m, 'error')],
  ['result', (m) => !present(m, 'method') && present(m, 'id') && requestId(m.id) && present(m, 'result') && !present(m, 'error')],
  ['error', (m) => !present(m, 'method') && (!present(m, 'id') || m.id === null || requestId(m.id)) && !present(m, 'result') && present(m, 'error') && errorObject(m.error)],
];

function classify(msg) {
  const isPlain = msg !== null && typeof msg === 'object' && !Array.isArray(msg);
  if (!isPlain || msg.jsonrpc !== '2.0') return 'invalid';
  const row = ROWS.find(([, fits]) => fits(msg));
  return row ? row[0] : 'invalid';
}

const own = new Map(Object.entries(handlers));

function route(msg) {
  const kind = classify(msg);
  if (kind === 'invalid') return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid message' } };
  if (kind !== 'request') return null;
  const handler = own.get(msg.method);
  return handler
    ? { jsonrpc: '2.0', id: msg.id, result: handler(msg.params) }
    : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Unknown method: ' + msg.method } };
}
