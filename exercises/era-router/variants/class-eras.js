// One class per era, each holding its methods in a Map; the modern era checks its envelope first.
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

class Era {
  constructor(handlers) {
    this.handlers = new Map(Object.entries(handlers));
  }

  answer(msg) {
    const handler = this.handlers.get(msg.method);
    if (handler === undefined) return { error: { code: -32601, message: 'Method not found' } };
    return { result: handler(msg.params || {}) };
  }
}

class LegacyEra extends Era {
  constructor() {
    super({
      initialize: ({ protocolVersion }) => ({
        protocolVersion: LEGACY_VERSIONS.some((v) => v === protocolVersion) ? protocolVersion : LEGACY_VERSIONS[0],
        capabilities,
        serverInfo,
      }),
      ping: () => ({}),
      'tools/list': () => ({ tools }),
    });
  }
}

class ModernEra extends Era {
  constructor() {
    const stamped = (result) => ({ resultType: 'complete', ...result, _meta: { [SERVER_INFO_KEY]: serverInfo } });
    super({
      'server/discover': () => stamped({ supportedVersions: [MODERN_VERSION], capabilities, ...CACHE }),
      'tools/list': () => stamped({ tools, ...CACHE }),
    });
  }

  static claims(msg) {
    if (msg.method === 'server/discover') return true;
    const meta = msg.params?._meta;
    return meta != null && typeof meta === 'object' && Object.hasOwn(meta, VERSION_KEY);
  }

  answer(msg) {
    const meta = msg.params?._meta ?? {};
    if (!Object.hasOwn(meta, VERSION_KEY) || !Object.hasOwn(meta, CAPABILITIES_KEY)) {
      return { error: { code: -32602, message: 'Invalid params: incomplete _meta' } };
    }
    const requested = meta[VERSION_KEY];
    if (requested !== MODERN_VERSION) {
      return { error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [MODERN_VERSION], requested } } };
    }
    return super.answer(msg);
  }
}

const legacyEra = new LegacyEra();
const modernEra = new ModernEra();

function route(msg) {
  if (msg.id === undefined) return null;
  const era = ModernEra.claims(msg) ? modernEra : legacyEra;
  return { jsonrpc: '2.0', id: msg.id, ...era.answer(msg) };
}
