// Streamable HTTP framing, copied from stdio long ago and then changed on its own: it has its
// own method table (tools/call is here, shaped its own way) and answers every POST with 200.
import { decode, echoTool, error } from './table.js';

const httpMethods = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [echoTool] }),
  // The tool result shape drifted here: MCP wants { content: [{ type: 'text', text }] }.
  'tools/call': (params) => {
    if (params.name !== 'echo') throw { code: -32602, message: 'Unknown tool: ' + params.name };
    return { text: String(params.arguments.text) };
  },
  'notifications/initialized': () => null,
};

export function serveHttp(request) {
  const { reply, msg } = decode(request.body);
  if (reply) return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply) };
  const handler = Object.hasOwn(httpMethods, msg.method) ? httpMethods[msg.method] : null;
  let answer;
  try {
    answer = handler
      ? { jsonrpc: '2.0', id: msg.id, result: handler(msg.params ?? {}) }
      : error(msg.id, -32601, 'Method not found');
  } catch (e) {
    answer = error(msg.id, e && typeof e.code === 'number' ? e.code : -32603, e && e.message ? e.message : 'Internal error');
  }
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer) };
}
