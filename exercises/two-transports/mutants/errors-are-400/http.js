// mistake: answers every JSON-RPC error with 400, including -32601 for a valid request, which is an ordinary answer (200).
// learner: Your HTTP transport seems to send status 400 with every JSON-RPC error, even -32601 for a valid request. An error reply to a valid request is an ordinary answer; look again at which cases get 400.
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
  const rejected = reply.error !== undefined;
  return {
    status: rejected ? 400 : 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
