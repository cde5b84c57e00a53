// The HTTP status for a reply: the body could not be accepted (400) or it could (200).
import { error, dispatch } from './table.js';

const STATUS_FOR_CODE = new Map([
  [-32700, 400],
  [-32600, 400],
]);

export function serveHttp(request) {
  switch (request.method) {
    case 'POST':
      break;
    default:
      return { status: 405, headers: { allow: 'POST' }, body: null };
  }
  const reply = dispatch(request.body);
  if (reply === null) return { status: 202, headers: {}, body: null };
  const status = ('error' in reply && STATUS_FOR_CODE.get(reply.error.code)) || 200;
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply) };
}
