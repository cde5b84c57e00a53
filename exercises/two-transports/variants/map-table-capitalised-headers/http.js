// Streamable HTTP framing: one POST carries one message.
import { error, handleOne } from './table.js';

export function serveHttp({ method, body }) {
  if (method !== 'POST') return { status: 405, headers: { Allow: 'POST' }, body: '' };
  const reply = handleOne(body);
  if (!reply) return { status: 202, headers: {}, body: null };
  const badInput = 'error' in reply && [-32700, -32600].includes(reply.error.code);
  return { status: badInput ? 400 : 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(reply) };
}
