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

// The capabilities a server with these callbacks may advertise, e.g. { tools: {} }.
function capabilities(present) {
  return {};
}

// Answers one valid message for a server that has the callbacks in `present`.
function dispatch(present, msg) {
  // initialize, ping, then the methods of callbackFor; notifications get null
}
