// This server grew two copies of its method table, one per transport, and they drifted apart.
// Merge them into ONE table and ONE dispatch, and keep in each transport only its framing.

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

// ---- stdio: written first. Nobody ever added tools/call here. ----
const stdioMethods = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [echoTool] }),
  'notifications/initialized': () => null,
};

function serveStdio(input) {
  let output = '';
  for (const line of input.split('\n')) {
    if (line.trim() === '') continue;
    const { reply, msg } = decode(line);
    if (reply) {
      output += JSON.stringify(reply) + '\n';
      continue;
    }
    if (!Object.hasOwn(msg, 'id')) continue;
    const handler = Object.hasOwn(stdioMethods, msg.method) ? stdioMethods[msg.method] : null;
    const answer = handler
      ? { jsonrpc: '2.0', id: msg.id, result: handler(msg.params ?? {}) }
      : error(msg.id, -32601, 'Method not found');
    output += JSON.stringify(answer) + '\n';
  }
  return output;
}

// ---- HTTP: copied from stdio later, then changed on its own. ----
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

function serveHttp(request) {
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
