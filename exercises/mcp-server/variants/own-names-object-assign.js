// The starter handlers extended with Object.assign, own names checked, replies built inline.
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
  // initialize, tools/list and tools/call are yours to add
};

const versions = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

Object.assign(handlers, {
  initialize({ protocolVersion }) {
    return { protocolVersion: versions.indexOf(protocolVersion) === -1 ? versions[0] : protocolVersion, capabilities: { tools: {} }, serverInfo };
  },
  'tools/list'() {
    return { tools: Object.keys(tools).map((name) => ({ name, description: tools[name].description, inputSchema: tools[name].inputSchema })) };
  },
  'tools/call'({ name, arguments: args = {} }) {
    if (!Object.getOwnPropertyNames(tools).includes(name)) return { error: { code: -32602, message: 'Unknown tool: ' + name } };
    const { inputSchema, run } = tools[name];
    const absent = inputSchema.required.filter((k) => !(Object.hasOwn(args || {}, k) && (args || {})[k] !== undefined));
    const text = (t, isError) => ({ result: isError ? { content: [{ type: 'text', text: t }], isError: true } : { content: [{ type: 'text', text: t }] } });
    if (absent.length > 0) return text('Missing required argument(s): ' + absent.join(', '), true);
    try {
      return text(run(args || {}), false);
    } catch (e) {
      return text(e.message, true);
    }
  },
});

function route(msg) {
  if (msg.id === undefined) return null;
  const known = Object.getOwnPropertyNames(handlers).includes(msg.method);
  if (!known) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  const out = handlers[msg.method](msg.params || {});
  if (msg.method !== 'tools/call') return { jsonrpc: '2.0', id: msg.id, result: out };
  return Object.hasOwn(out, 'error') ? { jsonrpc: '2.0', id: msg.id, error: out.error } : { jsonrpc: '2.0', id: msg.id, result: out.result };
}
