// A null-prototype table whose entries return { ok } or { fail }, and a Map from error code to HTTP status.
// This server grew two copies of its method table, one per transport, and they drifted apart.
// Merge them into ONE table and ONE dispatch, and keep in each transport only its framing.

export function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// Shared already: parses one message and checks it (MCP rules: id is a string or a number,
// params an object). Returns { reply } when the message is rejected, { msg } when it is valid.
function decode(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return { reply: error(null, -32700, 'Parse error') };
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return { reply: error(null, -32600, 'Invalid Request') };
  const hasId = Object.hasOwn(msg, 'id');
  const idOk = !hasId || typeof msg.id === 'string' || Number.isInteger(msg.id);
  const paramsOk = !Object.hasOwn(msg, 'params') || (typeof msg.params === 'object' && msg.params !== null && !Array.isArray(msg.params));
  if (msg.jsonrpc !== '2.0' || typeof msg.method !== 'string' || !paramsOk || !idOk) {
    return { reply: error(hasId && idOk ? msg.id : null, -32600, 'Invalid Request') };
  }
  return { msg };
}

const echoTool = {
  name: 'echo',
  description: 'Repeats the text it is given.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

function callTool(params) {
  switch (params.name) {
    case 'echo':
      return { ok: { content: [{ type: 'text', text: String(params.arguments.text) }] } };
    default:
      return { fail: { code: -32602, message: 'Unknown tool' } };
  }
}

// One table; each entry answers { ok: result } or { fail: { code, message } }.
const methods = {
  __proto__: null,
  ping: () => ({ ok: {} }),
  'tools/list': () => ({ ok: { tools: [echoTool] } }),
  'tools/call': callTool,
  'notifications/initialized': () => ({ ok: null }),
};

export function dispatch(text) {
  const { reply, msg } = decode(text);
  if (reply !== undefined) return reply;
  const entry = methods[msg.method];
  const outcome = entry ? entry(msg.params ?? {}) : { fail: { code: -32601, message: 'Method not found' } };
  if (msg.id === undefined) return null;
  if (outcome.fail) return error(msg.id, outcome.fail.code, outcome.fail.message);
  return { jsonrpc: '2.0', id: msg.id, result: outcome.ok };
}
