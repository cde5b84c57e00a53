// mistake: The whole sampling result is taken for the summary instead of its content text.
// learner: Your route seems to use the whole sampling result as the summary. The summary is answer.content.text.
// hint: 2
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
      return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'Sampling failed: ' + error.message }], isError: true } };
    }
    summaries.push(String(answer.content));
    if (token !== undefined) {
      peer.notify('notifications/progress', { progressToken: token, progress: summaries.length, total: parts.length });
    }
  }
  return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: summaries.join('\n') }] } };
}
