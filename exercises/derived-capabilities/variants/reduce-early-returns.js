// Capabilities built with reduce, and dispatch as a chain of early returns.
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

const REQUIREMENTS = [
  { capability: 'tools', callbacks: ['listTools', 'callTool'] },
  { capability: 'resources', callbacks: ['listResources', 'readResource'] },
  { capability: 'prompts', callbacks: ['listPrompts', 'getPrompt'] },
  { capability: 'logging', callbacks: ['setLevel'] },
  { capability: 'completions', callbacks: ['complete'] },
];

function capabilities(present) {
  return REQUIREMENTS.reduce((caps, { capability, callbacks }) => {
    const missing = callbacks.filter((name) => !present.includes(name));
    return missing.length === 0 ? { ...caps, [capability]: {} } : caps;
  }, {});
}

const ok = (id, result) => ({ jsonrpc: '2.0', id, result });
const notFound = (id) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });

function chooseVersion(params) {
  const { protocolVersion } = params;
  for (const supported of SUPPORTED_VERSIONS) {
    if (supported === protocolVersion) return supported;
  }
  return SUPPORTED_VERSIONS[0];
}

function dispatch(present, msg) {
  if (typeof msg.id === 'undefined') return null;
  const params = msg.params || {};
  if (msg.method === 'initialize') {
    return ok(msg.id, { protocolVersion: chooseVersion(params), capabilities: capabilities(present), serverInfo: SERVER_INFO });
  }
  if (msg.method === 'ping') return ok(msg.id, {});
  if (!Object.keys(callbackFor).includes(msg.method)) return notFound(msg.id);
  const callback = callbackFor[msg.method];
  if (!present.includes(callback)) return notFound(msg.id);
  return ok(msg.id, implementations[callback](params));
}
