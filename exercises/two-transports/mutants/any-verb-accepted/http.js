// mistake: never checks the HTTP method, so GET and PUT are treated like POST instead of getting 405.
// learner: Your HTTP transport seems to accept any HTTP method as if it were POST. Only POST carries messages here; look again at what the other methods should get.
// hint: 4
// Streamable HTTP framing: one POST carries one message.
import { dispatch } from './table.js';

export function serveHttp(request) {
  if (false) {
    return { status: 405, headers: { allow: 'POST' }, body: null };
  }
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
