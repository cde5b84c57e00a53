// mistake: sends the 400 for a body it cannot accept without a content-type header, although its body is JSON.
// learner: Your 400 answers seem to carry no content-type header. The error reply in their body is JSON, and says so like every other reply.
// hint: 4
// Streamable HTTP framing: one POST carries one message.
import { dispatch } from './table.js';

export function serveHttp(request) {
  if (request.method !== 'POST') {
    return { status: 405, headers: { allow: 'POST' }, body: null };
  }
  const reply = dispatch(request.body);
  if (reply === null) return { status: 202, headers: {}, body: null };
  // A body that is not a message we can accept is the client's error (400); an answered request is 200.
  const rejected = reply.error !== undefined && (reply.error.code === -32700 || reply.error.code === -32600);
  return {
    status: rejected ? 400 : 200,
    headers: rejected ? {} : { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
