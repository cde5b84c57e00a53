import { describe, expect, it } from 'vitest';
import { taskExamples } from './task-examples.ts';

const TASK = `Change \`route(msg)\` so that it returns null for notifications.

For example, \`route({ jsonrpc: '2.0', method: 'ping' })\` returns \`null\`, and
\`route({ jsonrpc: '2.0', id: 0, method: 'ping' })\` returns a reply.

\`\`\`js
const reply = handleText('[1, 2]');
other({ a: 1 });
route({ id: -1, list: [1, "two"], nested: { x: undefined } });
route({ id: someVariable });
\`\`\`
`;

describe('taskExamples', () => {
  const found = taskExamples(TASK, ['route', 'handleText'], 10);

  it('finds the concrete calls of the exercise functions, in inline code and code blocks, with their places', () => {
    expect(found.map((e) => [e.fn, e.args, e.line])).toEqual([
      ['handleText', ['[1, 2]'], 16],
      ['route', [{ id: -1, list: [1, 'two'], nested: { x: undefined } }], 18],
      ['route', [{ jsonrpc: '2.0', method: 'ping' }], 12],
      ['route', [{ jsonrpc: '2.0', id: 0, method: 'ping' }], 13],
    ]);
    expect(found[2]?.column).toBe(15);
  });

  it('leaves out calls whose arguments are not all literals, and other functions', () => {
    expect(found.some((e) => e.text.includes('someVariable') || e.text.includes('msg') || e.text.startsWith('other'))).toBe(false);
  });
});
