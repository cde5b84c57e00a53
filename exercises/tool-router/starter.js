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

function route(msg) {
  // notification -> null
  // tools/list -> { tools: [{ name, description, inputSchema }] }
  // tools/call -> unknown tool: error -32602; missing argument or a throw: isError result;
  //               otherwise { content: [{ type: 'text', text }] }
  // anything else -> error -32601
  return null;
}
