// `peer.request(method, params)` sends a request to the client and resolves with its result;
// `peer.notify(method, params)` sends a notification; `peer.signal.aborted` turns true when the
// client cancels this call.
async function route(msg, peer) {
  const parts = msg.params.arguments.parts;
  const summaries = parts.map((part) => part.slice(0, 10));
  return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: summaries.join('\n') }] } };
}
