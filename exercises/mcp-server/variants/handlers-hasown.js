// Own-key lookups with Object.hasOwn, and a helper that builds tool results.
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

const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

// A handler returns { result } or { error }.
function toolText(text, isError) {
  const result = { content: [{ type: 'text', text }] };
  if (isError) result.isError = true;
  return { result };
}

const handlers = {
  ping: () => ({}),
  initialize: (params) => ({
    protocolVersion: SUPPORTED_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : SUPPORTED_VERSIONS[0],
    capabilities: { tools: {} },
    serverInfo,
  }),
  'tools/list': () => ({
    tools: Object.entries(tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.inputSchema })),
  }),
  'tools/call': (params) => {
    if (!Object.hasOwn(tools, params.name)) return { error: { code: -32602, message: 'Unknown tool: ' + params.name } };
    const tool = tools[params.name];
    const args = params.arguments || {};
    const missing = tool.inputSchema.required.filter((key) => !Object.hasOwn(args, key) || args[key] === undefined);
    if (missing.length > 0) return toolText('Missing required argument(s): ' + missing.join(', '), true);
    try {
      return toolText(tool.run(args), false);
    } catch (error) {
      return toolText(error.message, true);
    }
  },
};

// Handlers that answer { result } or { error } instead of a bare result.
const ENVELOPED = new Set(['tools/call']);

function route(msg) {
  if (msg.id === undefined) return null;
  if (!Object.hasOwn(handlers, msg.method)) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  const answer = handlers[msg.method](msg.params || {});
  if (!ENVELOPED.has(msg.method)) return { jsonrpc: '2.0', id: msg.id, result: answer };
  return answer.error ? { jsonrpc: '2.0', id: msg.id, error: answer.error } : { jsonrpc: '2.0', id: msg.id, result: answer.result };
}
