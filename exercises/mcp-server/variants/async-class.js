// A class holding the server, async handlers, and an error class for protocol errors.
const serverInfo = { name: 'course-calculator', version: '1.0.0' };

const numbers = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

const tools = {
  add: { description: 'Add two numbers.', inputSchema: numbers, run: ({ a, b }) => String(a + b) },
  divide: {
    description: 'Divide a by b.',
    inputSchema: numbers,
    run: ({ a, b }) => {
      if (b === 0) throw new Error('Cannot divide by zero.');
      return String(a / b);
    },
  },
};

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

class CalculatorServer {
  static VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

  initialize({ protocolVersion }) {
    const version = CalculatorServer.VERSIONS.includes(protocolVersion) ? protocolVersion : CalculatorServer.VERSIONS[0];
    return { protocolVersion: version, capabilities: { tools: {} }, serverInfo };
  }

  listTools() {
    const list = [];
    for (const name of Object.keys(tools)) {
      const { description, inputSchema } = tools[name];
      list.push({ name, description, inputSchema });
    }
    return { tools: list };
  }

  async callTool({ name, arguments: args }) {
    if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(tools, name)) throw new RpcError(-32602, `Unknown tool: ${name}`);
    const given = args ?? {};
    const tool = tools[name];
    const missing = tool.inputSchema.required.filter((key) => given[key] === undefined || !Object.hasOwn(given, key));
    if (missing.length) return { content: [{ type: 'text', text: `Missing required argument(s): ${missing.join(', ')}` }], isError: true };
    try {
      return { content: [{ type: 'text', text: await tool.run(given) }] };
    } catch (error) {
      return { content: [{ type: 'text', text: error.message }], isError: true };
    }
  }
}

const server = new CalculatorServer();

const handlers = {
  ping: () => ({}),
  initialize: (params) => server.initialize(params),
  'tools/list': () => server.listTools(),
  'tools/call': (params) => server.callTool(params),
};

async function route(msg) {
  const { id, method } = msg;
  if (id === undefined) return null;
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (handler === undefined) return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } };
  try {
    return { jsonrpc: '2.0', id, result: await handler(msg.params || {}) };
  } catch (error) {
    if (error instanceof RpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
    return { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } };
  }
}
