// mistake: Asks the params of initialize whether they have a protocolVersion (params.hasOwnProperty), which calls their own hasOwnProperty member when the client sent one and throws.
// learner: Your dispatch seems to fail on an initialize whose params have a member named like a method every object has, such as hasOwnProperty. The params are the client's object: any key may be its own.
// hint: 6
// Every optional callback a handler module of this server COULD implement. Which ones a given
// server really has arrives as `present`, a list of callback names such as ['listTools', 'callTool'].
const implementations = {
  listTools: () => ({
    tools: [{ name: 'echo', description: 'Repeats its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
  }),
  callTool: (params) => ({ content: [{ type: 'text', text: String(params.arguments.text) }] }),
  listResources: () => ({ resources: [{ uri: 'file:///readme.md', name: 'readme.md', mimeType: 'text/markdown' }] }),
  readResource: (params) => ({ contents: [{ uri: params.uri, mimeType: 'text/markdown', text: '# Read me' }] }),
  listPrompts: () => ({ prompts: [{ name: 'greet', description: 'Says hello.' }] }),
  getPrompt: () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }] }),
  setLevel: () => ({}),
  complete: () => ({ completion: { values: ['hello'], hasMore: false } }),
};

// Which callback serves which MCP method.
const callbackFor = {
  'tools/list': 'listTools',
  'tools/call': 'callTool',
  'resources/list': 'listResources',
  'resources/read': 'readResource',
  'prompts/list': 'listPrompts',
  'prompts/get': 'getPrompt',
  'logging/setLevel': 'setLevel',
  'completion/complete': 'complete',
};

const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const SERVER_INFO = { name: 'optional-handlers', version: '1.0.0' };

// Each capability, and the callbacks a server needs to serve it fully.
const features = {
  tools: ['listTools', 'callTool'],
  resources: ['listResources', 'readResource'],
  prompts: ['listPrompts', 'getPrompt'],
  logging: ['setLevel'],
  completions: ['complete'],
};

// The capabilities a server with these callbacks may advertise, e.g. { tools: {} }.
function capabilities(present) {
  const advertised = {};
  for (const [feature, needed] of Object.entries(features)) {
    if (needed.every((name) => present.includes(name))) advertised[feature] = {};
  }
  return advertised;
}

function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// Answers one valid message for a server that has the callbacks in `present`.
function dispatch(present, msg) {
  if (!Object.hasOwn(msg, 'id')) return null;
  const params = msg.params ?? {};
  if (msg.method === 'initialize') {
    const asked = params.hasOwnProperty('protocolVersion') ? params.protocolVersion : undefined;
    return {
      jsonrpc: '2.0',
      id: msg.id,
      result: {
        protocolVersion: SUPPORTED_VERSIONS.includes(asked) ? asked : SUPPORTED_VERSIONS[0],
        capabilities: capabilities(present),
        serverInfo: SERVER_INFO,
      },
    };
  }
  if (msg.method === 'ping') return { jsonrpc: '2.0', id: msg.id, result: {} };
  // The probe: a method is served only when its callback is among those present.
  const callback = Object.hasOwn(callbackFor, msg.method) ? callbackFor[msg.method] : undefined;
  if (callback === undefined || !present.includes(callback)) {
    return error(msg.id, -32601, 'Method not found');
  }
  return { jsonrpc: '2.0', id: msg.id, result: implementations[callback](params) };
}
