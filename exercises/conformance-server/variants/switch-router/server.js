// The same server with a switch instead of a method table, and async/await throughout.
import { complete } from './completion.js';
import { RpcError } from './errors.js';
import { resetLevel, setLevel } from './logging.js';
import { getPrompt, listPrompts } from './prompts.js';
import { listResources, listTemplates, readResource, subscribe } from './resources.js';
import { callTool, listTools } from './tools.js';

const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

async function answer(method, params, peer) {
  switch (method) {
    case 'initialize':
      resetLevel();
      return {
        protocolVersion: SUPPORTED_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : '2025-11-25',
        capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} },
        serverInfo: { name: 'course-conformance-server', version: '1.0.0' },
      };
    case 'ping':
      return {};
    case 'tools/list':
      return listTools();
    case 'tools/call':
      return await callTool(params, peer);
    case 'resources/list':
      return listResources();
    case 'resources/templates/list':
      return listTemplates();
    case 'resources/read':
      return readResource(params);
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return subscribe(params);
    case 'prompts/list':
      return listPrompts();
    case 'prompts/get':
      return getPrompt(params);
    case 'completion/complete':
      return complete(params);
    case 'logging/setLevel':
      return setLevel(params);
    default:
      throw new RpcError(-32601, 'Method not found: ' + method);
  }
}

export async function route(msg, peer) {
  if (msg.id === undefined) return null;
  try {
    const result = await answer(msg.method, msg.params ?? {}, peer);
    if (peer?.signal.aborted) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (error) {
    if (peer?.signal.aborted) return null;
    if (error instanceof RpcError) return { jsonrpc: '2.0', id: msg.id, error: { code: error.code, message: error.message } };
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
