// mistake: keeps the HTTP copy's old tool result shape ({ text }) in the one table, so both transports answer it instead of MCP content blocks.
// learner: Your tool result seems to carry its text directly, without content blocks, on both transports. MCP wraps a tool's output in a list of content blocks.
// hint: 1
// ONE table and ONE dispatch; each transport keeps only its framing, so they cannot drift apart.

function error(id, code, message) {
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

const methods = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [echoTool] }),
  'tools/call': (params) => {
    if (params.name !== 'echo') throw { code: -32602, message: 'Unknown tool: ' + params.name };
    return { text: String(params.arguments.text) };
  },
  'notifications/initialized': () => null,
};

// From the text of one message to the reply object, or null when nothing is to be sent.
export function dispatch(text) {
  const { reply, msg } = decode(text);
  if (reply) return reply;
  const known = Object.hasOwn(methods, msg.method);
  if (!Object.hasOwn(msg, 'id')) {
    // A notification runs for its effect; nothing is ever sent back, not even for a failure.
    if (known) {
      try {
        methods[msg.method](msg.params ?? {});
      } catch {}
    }
    return null;
  }
  if (!known) return error(msg.id, -32601, 'Method not found');
  try {
    return { jsonrpc: '2.0', id: msg.id, result: methods[msg.method](msg.params ?? {}) };
  } catch (e) {
    if (e && typeof e.code === 'number') return error(msg.id, e.code, e.message);
    return error(msg.id, -32603, 'Internal error');
  }
}
