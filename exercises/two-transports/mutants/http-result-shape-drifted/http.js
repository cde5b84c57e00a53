// mistake: shapes tool results differently on HTTP ({ text } instead of MCP content blocks), so the two transports disagree.
// learner: Your HTTP transport seems to reshape tool results its own way, so the two transports disagree. Both should send exactly what the one shared table returns.
// hint: 2
// Streamable HTTP framing: one POST carries one message.
import { dispatch } from './table.js';

export function serveHttp(request) {
  if (request.method !== 'POST') {
    return { status: 405, headers: { allow: 'POST' }, body: null };
  }
  let reply = dispatch(request.body);
  if (reply && reply.result && Array.isArray(reply.result.content)) reply = { ...reply, result: { text: reply.result.content[0].text } };
  if (reply === null) return { status: 202, headers: {}, body: null };
  // A body that is not a message we can accept is the client's error (400); an answered request is 200.
  const rejected = reply.error !== undefined && (reply.error.code === -32700 || reply.error.code === -32600);
  return {
    status: rejected ? 400 : 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reply),
  };
}
