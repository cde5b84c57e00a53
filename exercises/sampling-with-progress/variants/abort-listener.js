// The cancellation noticed through an 'abort' listener, and progress sent from a helper.
async function route(msg, peer) {
  let cancelled = false;
  peer.signal.addEventListener('abort', () => {
    cancelled = true;
  });
  const { parts } = msg.params.arguments;
  const token = msg.params._meta?.progressToken;
  const reportsProgress = typeof token === 'string' || Number.isInteger(token);
  const report = (done) => {
    if (reportsProgress) peer.notify('notifications/progress', { progressToken: token, progress: done, total: parts.length });
  };
  const texts = [];
  for (let i = 0; i < parts.length; i++) {
    try {
      const { content } = await peer.request('sampling/createMessage', {
        messages: [{ role: 'user', content: { type: 'text', text: parts[i] } }],
        maxTokens: 100,
      });
      texts.push(content.text);
    } catch (e) {
      if (cancelled) return null;
      return { jsonrpc: '2.0', id: msg.id, result: { isError: true, content: [{ type: 'text', text: `Sampling failed: ${e.message}` }] } };
    }
    report(i + 1);
  }
  return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: texts.join('\n') }] } };
}
