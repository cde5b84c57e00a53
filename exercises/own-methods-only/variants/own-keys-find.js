// Finds the handler among the table's own entries with Object.entries(...).find, destructuring params with a default.
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function ownHandler(name) {
  const entry = Object.entries(handlers).find(([key]) => key === name);
  return entry ? entry[1] : null;
}

function route(msg) {
  const { id, method, params = {} } = msg;
  if (id === undefined) return null;
  const handler = ownHandler(method);
  const error = (code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });
  if (!handler) return error(-32601, 'Method not found');
  let result;
  try {
    result = handler(params);
  } catch {
    return error(-32603, 'Internal error');
  }
  return { jsonrpc: '2.0', id, result };
}
