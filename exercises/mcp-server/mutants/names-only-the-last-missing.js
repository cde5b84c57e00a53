// mistake: The tool error names only the last missing argument, so a call without a and b says only that b is missing (its "a required argument" is the article, not argument a).
// learner: Your tool error for missing arguments seems to leave out the first one when several are missing. The task asks for a text that names each missing argument.
// hint: 4
// Revisions this server can speak, latest first. All of them are ones the SDK client knows.
const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
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

// Thrown by a handler to answer a protocol error with a chosen code.
class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function toolError(text) {
  return { content: [{ type: 'text', text }], isError: true };
}

const handlers = {
  initialize: (params) => {
    const requested = params.protocolVersion;
    const protocolVersion = SUPPORTED_VERSIONS.includes(requested) ? requested : SUPPORTED_VERSIONS[0];
    return { protocolVersion, capabilities: { tools: {} }, serverInfo };
  },
  ping: () => ({}),
  'tools/list': () => ({
    tools: Object.entries(tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.inputSchema })),
  }),
  'tools/call': (params) => {
    const { name } = params;
    if (typeof name !== 'string' || !Object.hasOwn(tools, name)) throw new RpcError(-32602, 'Unknown tool: ' + String(name));
    const tool = tools[name];
    const args = params.arguments || {};
    const missing = tool.inputSchema.required.filter((key) => !Object.hasOwn(args, key));
    if (missing.length > 0) return toolError('Missing a required argument: ' + missing[missing.length - 1] + '.');
    try {
      return { content: [{ type: 'text', text: tool.run(args) }] };
    } catch (error) {
      return toolError(error instanceof Error ? error.message : String(error));
    }
  },
};

function route(msg) {
  // Only a missing id makes a notification: the SDK's first request, initialize, has id 0.
  const isNotification = msg.id === undefined;
  if (!Object.hasOwn(handlers, msg.method)) {
    // notifications/initialized and notifications/cancelled land here: nothing to do, nothing to say.
    return isNotification ? null : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  try {
    // The SDK sends tools/list with params: undefined, and ping without params.
    const result = handlers[msg.method](msg.params || {});
    return isNotification ? null : { jsonrpc: '2.0', id: msg.id, result };
  } catch (error) {
    if (isNotification) return null;
    const code = error instanceof RpcError ? error.code : -32603;
    const message = error instanceof RpcError ? error.message : 'Internal error';
    return { jsonrpc: '2.0', id: msg.id, error: { code, message } };
  }
}
