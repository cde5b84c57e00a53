// Streamable HTTP framing: one POST carries one message.
import { error, dispatch } from './table.js';

function isRejection(reply) {
  return 'error' in reply && [-32700, -32600].includes(reply.error.code);
}

function jsonResponse(status, reply) {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply) };
}

export function serveHttp(request) {
  if (request.method !== 'POST') return { status: 405, headers: { allow: 'POST' }, body: null };
  const reply = dispatch(request.body);
  if (reply === null) return { status: 202, headers: {}, body: null };
  return jsonResponse(isRejection(reply) ? 400 : 200, reply);
}
