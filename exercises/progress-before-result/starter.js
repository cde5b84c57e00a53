// The one slow tool: it counts from 1 to `to`, one step at a time.
const tools = {
  count: {
    description: 'Count from 1 to `to`, reporting progress at every step.',
    inputSchema: { type: 'object', properties: { to: { type: 'integer', minimum: 0 } }, required: ['to'] },
  },
};

// Every message the server sends for one incoming message, in the order it sends them.
function handle(msg) {
  if (msg.id === undefined) return [];
  if (msg.method === 'ping') return [{ jsonrpc: '2.0', id: msg.id, result: {} }];
  if (msg.method === 'tools/call') {
    const to = msg.params.arguments.to;
    return [{ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'counted to ' + to }] } }];
  }
  return [{ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } }];
}
