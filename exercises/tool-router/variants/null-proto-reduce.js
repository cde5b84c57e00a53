// A null-prototype table of method handlers built with reduce, each returning the result or error part of the envelope.
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

// Methods in a null-prototype object: 'toString' or '__proto__' are simply not there.
const methods = Object.assign(Object.create(null), {
  'tools/list': () => ({
    result: {
      tools: Object.keys(tools).reduce((acc, name) => acc.concat([{ name, description: tools[name].description, inputSchema: tools[name].inputSchema }]), []),
    },
  }),
  'tools/call': (params) => {
    const name = params && params.name;
    if (!Object.hasOwn(tools, name)) return { error: { code: -32602, message: 'Unknown tool: ' + String(name) } };
    const args = (params && params.arguments) ?? {};
    const need = tools[name].inputSchema.required ?? [];
    const missing = need.reduce((acc, key) => (args[key] === undefined || !Object.hasOwn(args, key) ? [...acc, key] : acc), []);
    if (missing.length !== 0) {
      return { result: { content: [{ type: 'text', text: 'Missing required argument(s): ' + missing.join(', ') }], isError: true } };
    }
    try {
      const text = tools[name].run(args);
      return { result: { content: [{ type: 'text', text }] } };
    } catch (e) {
      return { result: { content: [{ type: 'text', text: e.message }], isError: true } };
    }
  },
});

function route(msg) {
  if (!('id' in msg) || msg.id === undefined) return null;
  const method = methods[msg.method];
  const outcome = method ? method(msg.params) : { error: { code: -32601, message: 'Method not found' } };
  return { jsonrpc: '2.0', id: msg.id, ...outcome };
}
