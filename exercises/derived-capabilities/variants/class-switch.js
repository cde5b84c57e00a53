// A class that holds present as a Set, with a switch over the method in dispatch.
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

class OptionalServer {
  static FEATURES = [
    ['tools', 'listTools', 'callTool'],
    ['resources', 'listResources', 'readResource'],
    ['prompts', 'listPrompts', 'getPrompt'],
    ['logging', 'setLevel'],
    ['completions', 'complete'],
  ];

  constructor(present) {
    this.present = [...present];
  }

  has(callback) {
    return this.present.indexOf(callback) !== -1;
  }

  capabilities() {
    const caps = {};
    for (const [feature, ...needed] of OptionalServer.FEATURES) {
      let all = true;
      for (const name of needed) if (!this.has(name)) all = false;
      if (all) caps[feature] = {};
    }
    return caps;
  }

  answer(msg) {
    const params = 'params' in msg ? msg.params : {};
    switch (msg.method) {
      case 'initialize': {
        const wanted = params.protocolVersion;
        return {
          result: {
            protocolVersion: SUPPORTED_VERSIONS.some((v) => v === wanted) ? wanted : SUPPORTED_VERSIONS[0],
            capabilities: this.capabilities(),
            serverInfo: SERVER_INFO,
          },
        };
      }
      case 'ping':
        return { result: {} };
      default: {
        const callback = Object.prototype.hasOwnProperty.call(callbackFor, msg.method) ? callbackFor[msg.method] : null;
        if (callback !== null && this.has(callback)) return { result: implementations[callback](params) };
        return { error: { code: -32601, message: 'Method not found' } };
      }
    }
  }
}

function capabilities(present) {
  return new OptionalServer(present).capabilities();
}

function dispatch(present, msg) {
  if (!('id' in msg)) return null;
  return { jsonrpc: '2.0', id: msg.id, ...new OptionalServer(present).answer(msg) };
}
