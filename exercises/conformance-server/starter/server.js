// The server: what it says at initialize, the method table, and route, which answers one
// message. This is your capstone router, split into files: tools live in tools.js now.
// Every method of the table is a handler(params, peer) that returns the result (or a promise
// of it) or throws; route builds the reply around it.
import { RpcError } from './errors.js';
import { callTool, listTools } from './tools.js';

// Revisions this server can speak, latest first.
const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const serverInfo = { name: 'course-conformance-server', version: '1.0.0' };
// A capability is a promise: each one names methods of the table below.
const capabilities = { tools: {} };

const methods = {
  initialize: (params) => {
    const requested = params.protocolVersion;
    const protocolVersion = SUPPORTED_VERSIONS.includes(requested) ? requested : SUPPORTED_VERSIONS[0];
    return { protocolVersion, capabilities, serverInfo };
  },
  ping: () => ({}),
  'tools/list': listTools,
  'tools/call': callTool,
};

export async function route(msg, peer) {
  // Only a message without an id member is a notification; none of them needs an answer here.
  if (!Object.hasOwn(msg, 'id')) return null;
  if (typeof msg.method !== 'string' || !Object.hasOwn(methods, msg.method)) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  try {
    const result = await methods[msg.method](msg.params || {}, peer);
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (error) {
    const code = error instanceof RpcError ? error.code : -32603;
    const message = error instanceof RpcError ? error.message : 'Internal error';
    return { jsonrpc: '2.0', id: msg.id, error: { code, message } };
  }
}
