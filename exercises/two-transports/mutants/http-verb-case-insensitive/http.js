// mistake: upper-cases the HTTP method before comparing it, so post is served like POST, although HTTP methods are case-sensitive.
// learner: Your HTTP side seems to serve a request whose method is post in lower case. HTTP methods are case-sensitive: only POST exactly carries messages here.
// hint: 4
// Streamable HTTP framing: one POST carries one message.
import { dispatch } from './table.js';

export function serveHttp(request) {
  if (String(request.method).toUpperCase() !== 'POST') {
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
