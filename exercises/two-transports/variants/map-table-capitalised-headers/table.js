// Shows: a correct pair of transports over a Map table, with capitalised header names, an empty 405 body, and stdio lines collected in an array.

export function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// Shared already: parses one message and checks it (MCP rules: id is a string or an integer,
// never null or 1.5; params an object). Returns { reply } when the message is rejected, { msg } when it is valid.
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

const table = new Map([
  ['ping', () => ({})],
  ['tools/list', () => ({ tools: [echoTool] })],
  ['tools/call', ({ name, arguments: args }) => {
    if (name !== 'echo') throw { code: -32602, message: `There is no tool called ${name}` };
    return { content: [{ type: 'text', text: String(args.text) }] };
  }],
  ['notifications/initialized', () => null],
]);

export function handleOne(text) {
  const decoded = decode(text);
  if (decoded.reply) return decoded.reply;
  const { msg } = decoded;
  const fn = table.get(msg.method);
  const isRequest = 'id' in msg;
  let outcome;
  try {
    outcome = fn ? { result: fn(msg.params || {}) } : { error: { code: -32601, message: `No such method: ${msg.method}` } };
  } catch (e) {
    outcome = { error: { code: typeof e.code === 'number' ? e.code : -32603, message: e.message || 'Internal error' } };
  }
  return isRequest ? { jsonrpc: '2.0', id: msg.id, ...outcome } : null;
}

export { handleOne as dispatch };
