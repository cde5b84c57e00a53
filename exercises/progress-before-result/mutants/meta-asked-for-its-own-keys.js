// mistake: Asks the _meta itself whether it has a progressToken (meta.hasOwnProperty), which calls the _meta's own hasOwnProperty member when it has one and throws.
// learner: Your handle seems to fail when the request's _meta has a member named like a method every object has, such as hasOwnProperty. The _meta is the client's object: any key may be its own.
// hint: 1
// The one slow tool: it counts from 1 to `to`, one step at a time.
const tools = {
  count: {
    description: 'Count from 1 to `to`, reporting progress at every step.',
    inputSchema: { type: 'object', properties: { to: { type: 'integer', minimum: 0 } }, required: ['to'] },
  },
};

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The token the client asked progress for, or undefined. It lives in the request's _meta,
// beside the arguments, and must be a string or an integer: 0 is a token.
// `params` is already a plain object here (callTool makes sure of it).
function progressTokenOf(params) {
  const meta = Object.hasOwn(params, '_meta') ? params._meta : undefined;
  if (!isPlainObject(meta) || !meta.hasOwnProperty('progressToken')) return undefined;
  const token = meta.progressToken;
  return typeof token === 'string' || Number.isInteger(token) ? token : undefined;
}

function error(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function callTool(msg) {
  const params = isPlainObject(msg.params) ? msg.params : {};
  if (!Object.hasOwn(tools, params.name)) return [error(msg.id, -32602, 'Unknown tool: ' + params.name)];
  const to = params.arguments.to;
  const token = progressTokenOf(params);
  const sent = [];
  for (let step = 1; step <= to; step++) {
    // The work of one step would happen here; then the client hears about it.
    if (token !== undefined) {
      sent.push({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: step, total: to } });
    }
  }
  // The response comes last: after it, the token is no longer active.
  sent.push({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'counted to ' + to }] } });
  return sent;
}

function handle(msg) {
  if (!Object.hasOwn(msg, 'id')) return [];
  if (msg.method === 'ping') return [{ jsonrpc: '2.0', id: msg.id, result: {} }];
  if (msg.method === 'tools/call') return callTool(msg);
  return [error(msg.id, -32601, 'Method not found')];
}
