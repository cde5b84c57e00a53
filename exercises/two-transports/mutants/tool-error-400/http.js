// mistake: Answers every JSON-RPC error but -32601 with 400, so an unknown tool (-32602), the answer to a valid request, gets 400 instead of 200.
// learner: Your HTTP transport seems to send 400 with JSON-RPC errors other than -32601, such as -32602 for an unknown tool. That request was valid, so its error reply is an ordinary answer.
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
  const rejected = reply.error !== undefined && reply.error.code !== -32601;
  return {
    status: rejected ? 400 : 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
