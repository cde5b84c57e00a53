// mistake: answers a body that is not JSON (-32700) with 200, as a JSON-RPC answer, while an invalid message (-32600) still gets 400.
// learner: Your HTTP side seems to answer a body that is not JSON with 200, as if a request had been accepted. Bytes that do not even parse are a body the server cannot accept, like an invalid message.
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
  const rejected = reply.error !== undefined && reply.error.code === -32600;
  return {
    status: rejected ? 400 : 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
