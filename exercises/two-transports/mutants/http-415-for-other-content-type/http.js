// mistake: answers 415 to a POST whose content-type header is not application/json, a check the task's table never makes: the method and the body decide.
// learner: Your serveHttp seems to refuse some POSTs because of their request headers. In this task the status comes from the method and the body alone; the request's headers are never looked at.
// hint: 4
// Streamable HTTP framing: one POST carries one message.
import { dispatch } from './table.js';

export function serveHttp(request) {
  if (request.method !== 'POST') {
    return { status: 405, headers: { allow: 'POST' }, body: null };
  }
  const type = Object.entries(request.headers || {}).find(([name]) => name.toLowerCase() === 'content-type');
  if (!type || !String(type[1]).startsWith('application/json')) return { status: 415, headers: {}, body: null };
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
