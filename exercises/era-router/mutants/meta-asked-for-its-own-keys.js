// mistake: Asks the _meta itself whether it has the version key (meta.hasOwnProperty), which calls the _meta's own hasOwnProperty member when the client sent one and throws.
// learner: Your route seems to fail when a request's _meta has a member named like a method every object has, such as hasOwnProperty. The _meta is the client's object: any key may be its own.
// hint: 1
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

function metaOf(msg) {
  const meta = msg.params && msg.params._meta;
  return meta && typeof meta === 'object' ? meta : {};
}

// The version key is the claim of the 2026-07-28 era; server/discover exists only there.
function isModern(msg) {
  return msg.method === 'server/discover' || metaOf(msg).hasOwnProperty(VERSION_KEY);
}

function ok(id, result) {
  return { jsonrpc: '2.0', id, result };
}

function fail(id, code, message, data) {
  const error = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

const legacy = {
  initialize: (params) => {
    const requested = params && params.protocolVersion;
    // The same version if we speak it, otherwise our latest: the client decides whether to stay.
    const protocolVersion = LEGACY_VERSIONS.includes(requested) ? requested : LEGACY_VERSIONS[0];
    return { protocolVersion, capabilities, serverInfo };
  },
  ping: () => ({}),
  'tools/list': () => ({ tools }),
};

// Every modern result is complete and names the server in its _meta; these two are cacheable.
const modern = {
  'server/discover': () => ({
    resultType: 'complete',
    supportedVersions: [MODERN_VERSION],
    capabilities,
    ...CACHE,
    _meta: { [SERVER_INFO_KEY]: serverInfo },
  }),
  'tools/list': () => ({ resultType: 'complete', tools, ...CACHE, _meta: { [SERVER_INFO_KEY]: serverInfo } }),
};

function route(msg) {
  if (msg.id === undefined) return null;
  if (isModern(msg)) {
    const meta = metaOf(msg);
    // The schema requires both keys on every modern request: a missing one is invalid params.
    if (!Object.hasOwn(meta, VERSION_KEY) || !Object.hasOwn(meta, CAPABILITIES_KEY)) {
      return fail(msg.id, -32602, 'Invalid params: _meta needs the protocol version and the client capabilities');
    }
    if (meta[VERSION_KEY] !== MODERN_VERSION) {
      return fail(msg.id, -32022, 'Unsupported protocol version', {
        supported: [MODERN_VERSION],
        requested: meta[VERSION_KEY],
      });
    }
    if (!Object.hasOwn(modern, msg.method)) return fail(msg.id, -32601, 'Method not found');
    return ok(msg.id, modern[msg.method](msg.params));
  }
  if (!Object.hasOwn(legacy, msg.method)) return fail(msg.id, -32601, 'Method not found');
  return ok(msg.id, legacy[msg.method](msg.params));
}
