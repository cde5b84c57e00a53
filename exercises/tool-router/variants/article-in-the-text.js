// The reference with the article "a" in its missing-argument text ("Missing a required argument: b."):
// the checks read that "a" as the article, and still see argument a where it is named.
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

function reply(id, result) {
  return { jsonrpc: '2.0', id, result };
}

function fail(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// A tool error is a normal result: the model reads the text and can try again.
function toolError(text) {
  return { content: [{ type: 'text', text }], isError: true };
}

function listTools() {
  return {
    tools: Object.entries(tools).map(([name, tool]) => ({
      name,
      description: tool.description,
      inputSchema: tool.inputSchema,
    })),
  };
}

function callTool(params) {
  const name = params && params.name;
  // Own entries only: `toString` must not be found on Object.prototype.
  if (typeof name !== 'string' || !Object.hasOwn(tools, name)) return null;
  const tool = tools[name];
  const args = (params && params.arguments) || {};
  // Missing: not sent, or set to undefined (JSON cannot carry it). 0, false, "" and null were sent.
  const missing = (tool.inputSchema.required || []).filter((key) => args[key] === undefined);
  if (missing.length === 1) return toolError('Missing a required argument: ' + missing[0] + '.');
  if (missing.length > 0) return toolError('Missing required arguments: ' + missing.join(', ') + '.');
  try {
    return { content: [{ type: 'text', text: tool.run(args) }] };
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error));
  }
}

function route(msg) {
  if (msg.id === undefined) return null;
  if (msg.method === 'tools/list') return reply(msg.id, listTools());
  if (msg.method === 'tools/call') {
    const result = callTool(msg.params);
    if (result === null) {
      const name = msg.params && msg.params.name;
      return fail(msg.id, -32602, 'Unknown tool: ' + String(name));
    }
    return reply(msg.id, result);
  }
  return fail(msg.id, -32601, 'Method not found');
}
