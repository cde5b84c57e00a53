// mistake: A failed sampling request becomes a JSON-RPC error reply instead of a tool result with isError.
// learner: Your route seems to answer a failed sampling request with a JSON-RPC error. The tool failed, not the call: return a result with isError: true.
// hint: 4
// The token the client asked progress for, or undefined: a string or an integer in params._meta.
function progressTokenOf(params) {
  const meta = Object.hasOwn(params, '_meta') ? params._meta : undefined;
  if (typeof meta !== 'object' || !Object.hasOwn(meta, 'progressToken')) return undefined;
  const token = meta.progressToken;
  return typeof token === 'string' || Number.isInteger(token) ? token : undefined;
}

async function route(msg, peer) {
  const parts = msg.params.arguments.parts;
  const token = progressTokenOf(msg.params);
  const summaries = [];
  for (const part of parts) {
    let answer;
    try {
      answer = await peer.request('sampling/createMessage', {
        messages: [{ role: 'user', content: { type: 'text', text: part } }],
        maxTokens: 100,
      });
    } catch (error) {
      // Cancelled: the client wants nothing more, not even a reply.
      if (peer.signal.aborted) return null;
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Sampling failed: ' + error.message } };
    }
    summaries.push(answer.content.text);
    if (token !== undefined) {
      peer.notify('notifications/progress', { progressToken: token, progress: summaries.length, total: parts.length });
    }
  }
  return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: summaries.join('\n') }] } };
}
