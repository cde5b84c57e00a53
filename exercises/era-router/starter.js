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

function route(msg) {
  // notification -> null
  // era: modern if params._meta has VERSION_KEY, or the method is server/discover; else legacy
  // legacy: initialize, ping, tools/list (results as in 2025-11-25)
  // modern: both _meta keys (-32602), then the version (-32022), then server/discover, tools/list
  //         (results carry resultType, _meta with serverInfo, and the CACHE fields)
  return null;
}
