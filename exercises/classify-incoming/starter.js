// The methods this server answers when the client asks.
const handlers = {
  ping: () => ({}),
  'tools/list': () => ({ tools: [] }),
};

// 'request', 'notification', 'result', 'error' or 'invalid'
function classify(msg) {
  return 'request';
}

// The reply to send for one incoming message, or null when nothing must be sent.
function route(msg) {
  if (msg.id === undefined) return null;
  const handler = handlers[msg.method];
  if (!handler) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params) };
}
