// mistake: Answers ping with { pong: true }, as the first lessons' router did, where MCP's ping answers an empty result.
// learner: Your ping seems to answer with something in its result. Look again at what MCP's ping answers, which is not what the first lessons' router said.
// The server: what it says at initialize, the method table, and route, which answers one
// message. Every method of the table is a handler(params, peer) that returns the result (or a
// promise of it) or throws; route builds the reply around it.
import { complete } from './completion.js';
import { RpcError } from './errors.js';
import { resetLevel, setLevel } from './logging.js';
import { getPrompt, listPrompts } from './prompts.js';
import { listResources, listTemplates, readResource, subscribe } from './resources.js';
import { callTool, listTools } from './tools.js';

// Revisions this server can speak, latest first.
const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const serverInfo = { name: 'course-conformance-server', version: '1.0.0' };
// A capability is a promise: each one names methods of the table below.
const capabilities = { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} };

const methods = {
  initialize: (params) => {
    resetLevel();
    const requested = params.protocolVersion;
    const protocolVersion = SUPPORTED_VERSIONS.includes(requested) ? requested : SUPPORTED_VERSIONS[0];
    return { protocolVersion, capabilities, serverInfo };
  },
  ping: () => ({ pong: true }),
  'tools/list': listTools,
  'tools/call': callTool,
  'resources/list': listResources,
  'resources/templates/list': listTemplates,
  'resources/read': readResource,
  'resources/subscribe': subscribe,
  'resources/unsubscribe': subscribe,
  'prompts/list': listPrompts,
  'prompts/get': getPrompt,
  'completion/complete': complete,
  'logging/setLevel': setLevel,
};

export async function route(msg, peer) {
  // Only a message without an id member is a notification; none of them needs an answer here.
  if (!Object.hasOwn(msg, 'id')) return null;
  if (!Object.hasOwn(methods, msg.method)) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  let reply;
  try {
    const result = await methods[msg.method](msg.params || {}, peer);
    reply = { jsonrpc: '2.0', id: msg.id, result };
  } catch (error) {
    const code = error instanceof RpcError ? error.code : -32603;
    const message = error instanceof RpcError ? error.message : 'Internal error';
    reply = { jsonrpc: '2.0', id: msg.id, error: { code, message } };
  }
  // A cancelled request gets no response at all.
  return peer && peer.signal.aborted ? null : reply;
}
