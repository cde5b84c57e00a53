// The request rules of section 4 as a list of predicates; every -32600 reply carries id null.
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

// Section 4 of the specification as data: every rule must hold.
const RULES = [
  (m) => m.jsonrpc === '2.0',
  (m) => typeof m.method === 'string',
  (m) => !('params' in m) || (m.params !== null && typeof m.params === 'object'),
  (m) => !('id' in m) || m.id === null || ['string', 'number'].includes(typeof m.id),
];

const fail = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });

function parse(text) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function handle(text) {
  const parsed = parse(text);
  if (!parsed.ok) return fail(null, -32700, 'Parse error');
  const msg = parsed.value;
  const isObject = Object.prototype.toString.call(msg) === '[object Object]';
  // An invalid message always gets id null: allowed, and never wrong.
  if (!isObject || !RULES.every((rule) => rule(msg))) return fail(null, -32600, 'Invalid Request');
  if (!('id' in msg)) return null;
  return Object.keys(handlers).includes(msg.method)
    ? { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) }
    : fail(msg.id, -32601, 'Method not found');
}
