// A class around the table: own-key lookup with hasOwnProperty.call, a for loop for the listing, template-literal messages.
// The tool table: each entry is one tool. `run` does the work and throws when it cannot.
const tools = {
  add: {
    description: 'Add two numbers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    run: ({ a, b }) => String(a + b),
  },
  divide: {
    description: 'Divide a by b.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    run: ({ a, b }) => {
      if (b === 0) throw new Error('Cannot divide by zero.');
      return String(a / b);
    },
  },
};

class ToolRouter {
  constructor(table) {
    this.table = table;
  }

  has(name) {
    return typeof name === 'string' && Object.prototype.hasOwnProperty.call(this.table, name);
  }

  list() {
    const out = [];
    for (const name of Object.keys(this.table)) {
      const { description, inputSchema } = this.table[name];
      out.push({ name, description, inputSchema });
    }
    return { tools: out };
  }

  call(name, args) {
    const tool = this.table[name];
    const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
    const absent = [];
    for (const key of required) if (!(Object.prototype.hasOwnProperty.call(args, key) && args[key] !== undefined)) absent.push(key);
    if (absent.length) return ToolRouter.toolError(`Missing required argument${absent.length > 1 ? 's' : ''}: ${absent.join(', ')}`);
    let output;
    try {
      output = tool.run(args);
    } catch (err) {
      return ToolRouter.toolError(err.message);
    }
    return { content: [{ type: 'text', text: output }] };
  }

  static toolError(message) {
    return { content: [{ type: 'text', text: message }], isError: true };
  }

  route(msg) {
    const { id, method, params } = msg;
    if (id === undefined) return null;
    if (method === 'tools/list') return { jsonrpc: '2.0', id, result: this.list() };
    if (method !== 'tools/call') return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } };
    const { name, arguments: args = {} } = params || {};
    if (!this.has(name)) return { jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: ${name}` } };
    return { jsonrpc: '2.0', id, result: this.call(name, args === null ? {} : args) };
  }
}

const router = new ToolRouter(tools);

function route(msg) {
  return router.route(msg);
}
