// mistake: answers any POSTed JSON object without an id with 202 before decode has checked it, so an invalid message without an id gets 202 instead of 400.
// learner: Your HTTP side seems to answer 202 to every body without an id, also to one that is not a valid message. Being invalid is not the same as being a notification: such a body cannot be accepted.
// hint: 4
// Streamable HTTP framing: one POST carries one message.
import { dispatch } from './table.js';

export function serveHttp(request) {
  if (request.method !== 'POST') {
    return { status: 405, headers: { allow: 'POST' }, body: null };
  }
  try {
    const peek = JSON.parse(request.body);
    if (peek && typeof peek === 'object' && !Array.isArray(peek) && !('id' in peek)) return { status: 202, headers: {}, body: null };
  } catch {}
  const reply = dispatch(request.body);
  if (reply === null) return { status: 202, headers: {}, body: null };
  // A body that is not a message we can accept is the client's error (400); an answered request is 200.
  const rejected = reply.error !== undefined && (reply.error.code === -32700 || reply.error.code === -32600);
  return {
    status: rejected ? 400 : 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
