// Two handler tables checked with Object.hasOwn; the modern envelope checked inline in route.
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

function isModern(msg) {
  if (msg.method === 'server/discover') return true;
  const meta = msg.params && msg.params._meta;
  return typeof meta === 'object' && meta !== null && Object.hasOwn(meta, VERSION_KEY);
}

const legacyHandlers = {
  initialize: (params) => ({
    protocolVersion: LEGACY_VERSIONS.includes(params && params.protocolVersion) ? params.protocolVersion : LEGACY_VERSIONS[0],
    capabilities,
    serverInfo,
  }),
  ping: () => ({}),
  'tools/list': () => ({ tools }),
};

const modernHandlers = {
  'server/discover': () => ({
    resultType: 'complete',
    supportedVersions: [MODERN_VERSION],
    capabilities,
    ttlMs: CACHE.ttlMs,
    cacheScope: CACHE.cacheScope,
    _meta: { [SERVER_INFO_KEY]: serverInfo },
  }),
  'tools/list': () => ({ resultType: 'complete', tools, ...CACHE, _meta: { [SERVER_INFO_KEY]: serverInfo } }),
};

function route(msg) {
  if (msg.id === undefined) return null;
  const modern = isModern(msg);
  if (modern) {
    const meta = (msg.params && msg.params._meta) || {};
    if (!Object.hasOwn(meta, VERSION_KEY) || !Object.hasOwn(meta, CAPABILITIES_KEY)) {
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: 'Invalid params' } };
    }
    if (meta[VERSION_KEY] !== MODERN_VERSION) {
      return {
        jsonrpc: '2.0',
        id: msg.id,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [MODERN_VERSION], requested: meta[VERSION_KEY] } },
      };
    }
  }
  const table = modern ? modernHandlers : legacyHandlers;
  if (!Object.hasOwn(table, msg.method)) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  return { jsonrpc: '2.0', id: msg.id, result: table[msg.method](msg.params) };
}
