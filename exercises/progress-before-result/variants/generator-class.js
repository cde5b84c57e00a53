// A class whose generator yields the notifications and then the result; a switch on the method.
// The one slow tool: it counts from 1 to `to`, one step at a time.
const tools = {
  count: {
    description: 'Count from 1 to `to`, reporting progress at every step.',
    inputSchema: { type: 'object', properties: { to: { type: 'integer', minimum: 0 } }, required: ['to'] },
  },
};

class CountCall {
  constructor(id, params) {
    this.id = id;
    this.to = params.arguments.to;
    const meta = params._meta;
    const token = meta !== null && typeof meta === 'object' ? meta.progressToken : undefined;
    this.token = (typeof token === 'string' || (typeof token === 'number' && Number.isInteger(token))) && Object.hasOwn(meta, 'progressToken') ? token : undefined;
  }

  *messages() {
    if (this.token !== undefined) {
      for (let progress = 1; progress <= this.to; progress += 1) {
        yield { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: this.token, progress, total: this.to } };
      }
    }
    yield { jsonrpc: '2.0', id: this.id, result: { content: [{ type: 'text', text: 'counted to ' + this.to }] } };
  }
}

function handle(msg) {
  const { id, method } = msg;
  if (id === undefined) return [];
  switch (method) {
    case 'ping':
      return [{ jsonrpc: '2.0', id, result: {} }];
    case 'tools/call': {
      const params = msg.params === undefined ? {} : msg.params;
      if (!Object.prototype.hasOwnProperty.call(tools, params.name)) {
        return [{ jsonrpc: '2.0', id, error: { code: -32602, message: 'Unknown tool' } }];
      }
      return [...new CountCall(id, params).messages()];
    }
    default:
      return [{ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }];
  }
}
