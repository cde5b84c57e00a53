// mistake: answers a notification over HTTP with 200 and the body "null" instead of 202 with no body.
// learner: Your HTTP transport seems to answer a notification with 200 and the body null. A notification is accepted with no reply at all; look again at the status and body for that case.
// hint: 4
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
    return { content: [{ type: 'text', text: String(params.arguments.text) }] };
  },
  'notifications/initialized': () => null,
};

// From the text of one message to the reply object, or null when nothing is to be sent.
function dispatch(text) {
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

// stdio framing: one message per line in, one line per reply out, nothing for a notification.
function serveStdio(input) {
  let output = '';
  for (const line of input.split('\n')) {
    if (line.trim() === '') continue;
    const reply = dispatch(line);
    if (reply !== null) output += JSON.stringify(reply) + '\n';
  }
  return output;
}

// Streamable HTTP framing: one POST carries one message.
function serveHttp(request) {
  if (request.method !== 'POST') {
    return { status: 405, headers: { allow: 'POST' }, body: null };
  }
  const reply = dispatch(request.body);
  if (reply === null) return { status: 200, headers: { 'content-type': 'application/json' }, body: 'null' };
  // A body that is not a message we can accept is the client's error (400); an answered request is 200.
  const rejected = reply.error !== undefined && (reply.error.code === -32700 || reply.error.code === -32600);
  return {
    status: rejected ? 400 : 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
