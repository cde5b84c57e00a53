// A null-prototype dispatch table of async handlers; the steps built with reduce.
// The one slow tool: it counts from 1 to `to`, one step at a time.
const tools = {
  count: {
    description: 'Count from 1 to `to`, reporting progress at every step.',
    inputSchema: { type: 'object', properties: { to: { type: 'integer', minimum: 0 } }, required: ['to'] },
  },
};

// Null-prototype dispatch: no inherited method can be found.
const dispatch = Object.assign(Object.create(null), {
  ping: async ({ id }) => [{ jsonrpc: '2.0', id, result: {} }],
  'tools/call': async ({ id, params = {} }) => {
    if (!Object.hasOwn(tools, params.name)) return [{ jsonrpc: '2.0', id, error: { code: -32602, message: 'No such tool' } }];
    const to = params.arguments.to;
    const meta = params._meta;
    const raw = meta && typeof meta === 'object' && Object.hasOwn(meta, 'progressToken') ? meta.progressToken : undefined;
    const token = Number.isInteger(raw) || typeof raw === 'string' ? raw : undefined;
    const steps = token === undefined ? [] : [...Array(to).keys()].map((i) => i + 1);
    const notes = steps.reduce(
      (acc, step) => acc.concat({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: step, total: to } }),
      [],
    );
    return [...notes, { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'counted to ' + to }] } }];
  },
});

async function handle(msg) {
  if (msg.id === undefined) return [];
  const run = dispatch[msg.method];
  if (run === undefined) return [{ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } }];
  return run(msg);
}
