// One part per call of a recursive helper; the reply is built once at the end.
function tokenOf(params) {
  const meta = params._meta;
  if (meta === null || typeof meta !== 'object') return undefined;
  const token = meta.progressToken;
  return typeof token === 'string' || (typeof token === 'number' && Number.isInteger(token)) ? token : undefined;
}

async function summarizeFrom(i, parts, token, peer, done) {
  if (i === parts.length) return { ok: done };
  let answer;
  try {
    answer = await peer.request('sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: parts[i] } }], maxTokens: 100 });
  } catch (error) {
    return peer.signal.aborted ? { cancelled: true } : { failed: error.message };
  }
  if (token !== undefined) peer.notify('notifications/progress', { progressToken: token, progress: i + 1, total: parts.length });
  return summarizeFrom(i + 1, parts, token, peer, [...done, answer.content.text]);
}

async function route(msg, peer) {
  const outcome = await summarizeFrom(0, msg.params.arguments.parts, tokenOf(msg.params), peer, []);
  if (outcome.cancelled) return null;
  const reply = (text, isError) => ({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) } });
  return outcome.failed !== undefined ? reply('Sampling failed: ' + outcome.failed, true) : reply(outcome.ok.join('\n'), false);
}
