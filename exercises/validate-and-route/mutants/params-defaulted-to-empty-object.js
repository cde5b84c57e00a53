// mistake: calls the handler with msg.params ?? {} as the first lesson's routers did, so echo without params answers {} instead of null.
// learner: Your handler seems to call echo with something in place of missing params, so it answers {} where it should answer null. Look again at what this task says the handler is called with.
// hint: 6
const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

const reply = (id, body) => ({ jsonrpc: '2.0', id, ...body });
const err = (code, message) => ({ error: { code, message } });

function check(msg) {
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return { ok: false, id: null };
  const { jsonrpc, method, params, id } = msg;
  const idOk = id === undefined || id === null || typeof id === 'string' || typeof id === 'number';
  const paramsOk = params === undefined || (typeof params === 'object' && params !== null);
  const ok = jsonrpc === '2.0' && typeof method === 'string' && idOk && paramsOk;
  return { ok, id: typeof id === 'string' || typeof id === 'number' ? id : null };
}

function handle(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return reply(null, err(-32700, 'Parse error'));
  }
  const verdict = check(msg);
  if (!verdict.ok) return reply(verdict.id, err(-32600, 'Invalid Request'));
  if (!('id' in msg)) return null;
  if (!Object.hasOwn(handlers, msg.method)) return reply(msg.id, err(-32601, 'Method not found'));
  return reply(msg.id, { result: handlers[msg.method](msg.params ?? {}) });
}
