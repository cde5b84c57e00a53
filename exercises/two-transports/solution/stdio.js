// stdio framing: one message per line in, one line per reply out, nothing for a notification.
// This file is read-only: it drives the one method table, as every transport should.
import { dispatch } from './table.js';

export function serveStdio(input) {
  let output = '';
  for (const line of input.split('\n')) {
    if (line.trim() === '') continue;
    const reply = dispatch(line);
    if (reply !== null) output += JSON.stringify(reply) + '\n';
  }
  return output;
}
