// mistake: Asks the _meta itself whether it has a progressToken (meta.hasOwnProperty), which calls the _meta's own hasOwnProperty member when it has one and throws.
// learner: Your route seems to fail when the request's _meta has a member named like a method every object has, such as hasOwnProperty. The _meta is the client's object: any key may be its own.
// hint: 5
// The token the client asked progress for, or undefined: a string or an integer in params._meta.
function progressTokenOf(params) {
  const meta = Object.hasOwn(params, '_meta') ? params._meta : undefined;
  if (typeof meta !== 'object' || !meta.hasOwnProperty('progressToken')) return undefined;
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
    summaries.push(answer.content.text);
    if (token !== undefined) {
      peer.notify('notifications/progress', { progressToken: token, progress: summaries.length, total: parts.length });
    }
  }
  return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: summaries.join('\n') }] } };
}
