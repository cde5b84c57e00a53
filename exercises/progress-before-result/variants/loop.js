// Early returns and one loop, guarding every level of params with Object.hasOwn.
// The one slow tool: it counts from 1 to `to`, one step at a time.
const tools = {
  count: {
    description: 'Count from 1 to `to`, reporting progress at every step.',
    inputSchema: { type: 'object', properties: { to: { type: 'integer', minimum: 0 } }, required: ['to'] },
  },
};

function progressTokenOf(params) {
  if (params === null || typeof params !== 'object' || !Object.hasOwn(params, '_meta')) return undefined;
  const meta = params._meta;
  if (meta === null || typeof meta !== 'object' || !Object.hasOwn(meta, 'progressToken')) return undefined;
  const token = meta.progressToken;
  return typeof token === 'string' || Number.isInteger(token) ? token : undefined;
}

function handle(msg) {
  if (msg.id === undefined) return [];
  const { id } = msg;
  if (msg.method === 'ping') return [{ jsonrpc: '2.0', id, result: {} }];
  if (msg.method !== 'tools/call') return [{ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }];
  const params = msg.params || {};
  if (!Object.hasOwn(tools, params.name)) return [{ jsonrpc: '2.0', id, error: { code: -32602, message: 'Unknown tool: ' + params.name } }];
  const to = (params.arguments || {}).to;
  const token = progressTokenOf(params);
  const sent = [];
  if (token !== undefined) {
    for (let step = 1; step <= to; step++) {
      sent.push({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: step, total: to } });
    }
  }
  sent.push({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'counted to ' + to } ] } });
  return sent;
}
