// One function per era, each a switch; the modern one checks its envelope before the method.
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

function ok(id, result) {
  return { jsonrpc: '2.0', id, result };
}

function methodNotFound(id) {
  return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
}

function negotiate(requested) {
  return LEGACY_VERSIONS.includes(requested) ? requested : LEGACY_VERSIONS[0];
}

function routeLegacy(msg) {
  const params = msg.params || {};
  switch (msg.method) {
    case 'initialize':
      return ok(msg.id, { protocolVersion: negotiate(params.protocolVersion), capabilities, serverInfo });
    case 'ping':
      return ok(msg.id, {});
    case 'tools/list':
      return ok(msg.id, { tools });
    default:
      return methodNotFound(msg.id);
  }
}

function routeModern(msg, meta) {
  if (!(VERSION_KEY in meta) || !(CAPABILITIES_KEY in meta)) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: 'Invalid params' } };
  }
  if (meta[VERSION_KEY] !== MODERN_VERSION) {
    return {
      jsonrpc: '2.0',
      id: msg.id,
      error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [MODERN_VERSION], requested: meta[VERSION_KEY] } },
    };
  }
  switch (msg.method) {
    case 'server/discover':
      return ok(msg.id, { resultType: 'complete', supportedVersions: [MODERN_VERSION], capabilities, ...CACHE, _meta: { [SERVER_INFO_KEY]: serverInfo } });
    case 'tools/list':
      return ok(msg.id, { resultType: 'complete', tools, ...CACHE, _meta: { [SERVER_INFO_KEY]: serverInfo } });
    default:
      return methodNotFound(msg.id);
  }
}

function route(msg) {
  if (msg.id === undefined) return null;
  const meta = (msg.params && msg.params._meta) || {};
  const modern = msg.method === 'server/discover' || VERSION_KEY in meta;
  return modern ? routeModern(msg, meta) : routeLegacy(msg);
}
