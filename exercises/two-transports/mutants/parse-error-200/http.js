// mistake: answers a body that is not a valid message with status 200, as if it were an accepted request.
// learner: Your HTTP transport seems to answer a body that is not a valid message with 200, as if it were accepted. A body the server cannot accept as a message calls for a client-error status.
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
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
