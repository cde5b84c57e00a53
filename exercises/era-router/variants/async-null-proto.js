// Null-prototype handler tables, async handlers, and destructuring.
const MODERN_VERSION = '2026-07-28';
// Revisions this server negotiates through initialize, latest first.
const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18'];
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

const serverInfo = { name: 'era-demo', version: '1.0.0' };
const capabilities = { tools: {} };
const tools = [
  { name: 'echo', description: 'Repeat the text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
];
// How long a client may reuse a modern discover or tools/list result, and who may share it.
const CACHE = { ttlMs: 60000, cacheScope: 'public' };

const LEGACY = Object.assign(Object.create(null), {
  initialize: async (params) => {
    const asked = params === undefined ? undefined : params.protocolVersion;
    return { protocolVersion: LEGACY_VERSIONS.includes(asked) ? asked : LEGACY_VERSIONS[0], capabilities, serverInfo };
  },
  ping: async () => ({}),
  'tools/list': async () => ({ tools }),
});

const MODERN = Object.assign(Object.create(null), {
  'server/discover': async () => ({ resultType: 'complete', supportedVersions: [MODERN_VERSION], capabilities, ...CACHE, _meta: { [SERVER_INFO_KEY]: serverInfo } }),
  'tools/list': async () => ({ resultType: 'complete', tools, ...CACHE, _meta: { [SERVER_INFO_KEY]: serverInfo } }),
});

function readMeta(params) {
  if (!params || typeof params !== 'object') return undefined;
  const meta = params._meta;
  return meta && typeof meta === 'object' ? meta : undefined;
}

async function route(msg) {
  const { id, method, params } = msg;
  if (id === undefined) return null;
  const meta = readMeta(params);
  const modern = method === 'server/discover' || (meta !== undefined && Object.hasOwn(meta, VERSION_KEY));
  if (modern) {
    if (meta === undefined || !Object.hasOwn(meta, VERSION_KEY) || !Object.hasOwn(meta, CAPABILITIES_KEY)) {
      return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params' } };
    }
    if (meta[VERSION_KEY] !== MODERN_VERSION) {
      return { jsonrpc: '2.0', id, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [MODERN_VERSION], requested: meta[VERSION_KEY] } } };
    }
  }
  const handler = (modern ? MODERN : LEGACY)[method];
  if (typeof handler !== 'function') return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  return { jsonrpc: '2.0', id, result: await handler(params) };
}
