// mistake: Progress for a part is sent before its summary is asked for, so it claims a part done that is not.
// learner: Your route seems to send progress before the summary it counts has arrived. Send it after the answer.
// hint: 3
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
    if (token !== undefined) {
      peer.notify('notifications/progress', { progressToken: token, progress: summaries.length + 1, total: parts.length });
    }
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
    summaries.push(answer.content.text);
  }
  return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: summaries.join('\n') }] } };
}
