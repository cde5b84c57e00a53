// Maps for the methods and the tools, a switch over the method, and a symbol for invalid params.
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

const handlers = {
  ping: () => ({}),
  initialize: (params) => ({ protocolVersion: negotiate(params.protocolVersion), capabilities: { tools: {} }, serverInfo }),
  'tools/list': () => ({ tools: listing() }),
  'tools/call': (params) => callTool(params),
};

const table = new Map(Object.entries(handlers));
const toolTable = new Map(Object.entries(tools));
const INVALID_PARAMS = Symbol('invalid params');

function negotiate(requested) {
  switch (requested) {
    case '2025-11-25':
    case '2025-06-18':
    case '2025-03-26':
    case '2024-11-05':
      return requested;
    default:
      return '2025-11-25';
  }
}

function listing() {
  return [...toolTable].map(([name, { description, inputSchema }]) => ({ name, description, inputSchema }));
}

function isMissing(args, key) {
  return !Object.hasOwn(args, key) || args[key] === undefined;
}

function callTool({ name, arguments: args }) {
  const tool = toolTable.get(name);
  if (!tool) return { [INVALID_PARAMS]: 'Unknown tool: ' + name };
  const given = args || {};
  const missing = tool.inputSchema.required.filter((key) => isMissing(given, key));
  if (missing.length) return { content: [{ type: 'text', text: 'Missing required argument(s): ' + missing.join(', ') }], isError: true };
  let text;
  try {
    text = tool.run(given);
  } catch (error) {
    return { content: [{ type: 'text', text: error.message }], isError: true };
  }
  return { content: [{ type: 'text', text }] };
}

function route(msg) {
  if (msg.id === undefined) return null;
  const handler = table.get(msg.method);
  if (!handler) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  const result = handler(msg.params || {});
  if (result && Object.hasOwn(result, INVALID_PARAMS)) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: result[INVALID_PARAMS] } };
  }
  return { jsonrpc: '2.0', id: msg.id, result };
}
