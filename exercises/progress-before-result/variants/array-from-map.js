// Methods in a Map, the steps built with Array.from, the tool found with Object.keys(tools).includes.
// The one slow tool: it counts from 1 to `to`, one step at a time.
const tools = {
  count: {
    description: 'Count from 1 to `to`, reporting progress at every step.',
    inputSchema: { type: 'object', properties: { to: { type: 'integer', minimum: 0 } }, required: ['to'] },
  },
};

const isToken = (value) => typeof value === 'string' || Number.isInteger(value);
const error = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });

const methods = new Map([
  ['ping', (msg) => [{ jsonrpc: '2.0', id: msg.id, result: {} }]],
  ['tools/call', (msg) => {
    const { name, arguments: args = {}, _meta: meta } = msg.params ?? {};
    if (!Object.keys(tools).includes(name)) return [error(msg.id, -32602, `Unknown tool: ${name}`)];
    const { to } = args;
    const hasToken = meta != null && typeof meta === 'object' && Object.hasOwn(meta, 'progressToken') && isToken(meta.progressToken);
    const progress = hasToken
      ? Array.from({ length: to }, (_, i) => ({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: meta.progressToken, progress: i + 1, total: to },
        }))
      : [];
    return [...progress, { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: `counted to ${to}` }] } }];
  }],
]);

function handle(msg) {
  if (msg.id === undefined) return [];
  const method = methods.get(msg.method);
  return method ? method(msg) : [error(msg.id, -32601, 'Method not found')];
}
