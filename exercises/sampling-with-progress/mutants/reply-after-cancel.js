// mistake: A cancelled call is treated like a failed sampling request, so a reply goes out after the cancellation.
// learner: Your route seems to reply after the client cancelled. A cancelled request gets no response: return null.
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
      return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'Sampling failed: ' + error.message }], isError: true } };
    }
    summaries.push(answer.content.text);
    if (token !== undefined) {
      peer.notify('notifications/progress', { progressToken: token, progress: summaries.length, total: parts.length });
    }
  }
  return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: summaries.join('\n') }] } };
}
