// Helpers for each reply shape and a reduce over the stdio lines; decode as the starter gives it.
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

const textContent = (text) => ({ content: [{ type: 'text', text }] });

const methods = Object.freeze({
  ping: () => ({}),
  'tools/list': () => ({ tools: [echoTool] }),
  'tools/call': (params) => {
    if (params.name === 'echo') return textContent(String(params.arguments.text));
    const failure = new Error('Unknown tool');
    failure.rpcCode = -32602;
    throw failure;
  },
  'notifications/initialized': () => null,
});

function findMethod(name) {
  return Object.hasOwn(methods, name) ? methods[name] : null;
}

function answer(msg) {
  const handler = findMethod(msg.method);
  if (handler === null) return error(msg.id, -32601, 'Method not found');
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params ?? {}) };
  } catch (e) {
    return error(msg.id, e.rpcCode ?? -32603, e.rpcCode ? e.message : 'Internal error');
  }
}

export function dispatch(text) {
  const decoded = decode(text);
  if (decoded.reply) return decoded.reply;
  return Object.hasOwn(decoded.msg, 'id') ? answer(decoded.msg) : null;
}

const isBlank = (line) => line.trim() === '';
const frame = (reply) => JSON.stringify(reply) + '\n';
