/**
 * The files of a new exercise. They are a working example, not blanks: the tests (a generated
 * check among them), the mutant and the variant are real, so `course check` flags exactly one
 * problem (the unwritten solution) until the author writes it.
 */

export interface ScaffoldOptions {
  id: string;
  lesson: string;
  /** The function the learner writes; defaults to the id in camelCase ({@link functionName}). */
  fn?: string;
}

/** `parse-params` -> `parseParams`: the function the learner writes. */
export function functionName(id: string): string {
  const name = id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** Paths relative to the exercise folder -> file text. */
export function scaffoldFiles({ id, lesson, fn = functionName(id) }: ScaffoldOptions): Record<string, string> {
  return {
    'task.md': `---
id: ${id}
title: 'TODO: a short title'
lesson: ${lesson}
language: js
functions: [${fn}]
hints:
  - 'TODO: a first hint, a nudge towards the idea.'
  - 'TODO: a second, more concrete hint.'
limits:
  callMs: 1000
  runMs: 10000
  memoryMb: 64
---
TODO: say what \`${fn}(msg)\` must do and what the learner may assume.

(Scaffold: the tests expect \`${fn}\` to answer a \`ping\` request with
\`{ jsonrpc: '2.0', id, result: 'pong' }\` and to return \`null\` for a notification.
Replace them with this exercise's own.)
`,
    'starter.js': `// TODO: the code the learner starts from. It must fail the tests: leave the work to them.
function ${fn}(msg) {
  // Your code here.
}
`,
    'solution.js': `// TODO: the reference solution. \`course check\` reports it as failing until it passes every test.
function ${fn}(msg) {
  throw new Error('not written yet');
}
`,
    'tests.test.js': `import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ${fn} } from '@course/learner';
import { agrees, ids, messages, params } from '@course/check';

// TODO: replace these scaffold tests with the exercise's own.
// Every call into learner code crosses a sandbox boundary and is async: always \`await\` it.
// The first group, "examples", is visible to learners (Run). Every other group is hidden
// (Submit only): learners see a hidden test's name, input, expected and received, never its
// code, so name it as a sentence that teaches. One idea per test; names unique in the file.

describe('examples', () => {
  it('answers a ping request with pong', async () => {
    expect(await ${fn}({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' });
  });
});

describe('requests and notifications', () => {
  it('a request with id 0 is answered', async () => {
    expect(await ${fn}({ jsonrpc: '2.0', id: 0, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 0, result: 'pong' });
  });

  it('a notification (a message without an id) gets null', async () => {
    expect(await ${fn}({ jsonrpc: '2.0', method: 'ping' })).toBeNull();
  });
});

// The heart of the hidden checks: the task's whole input domain, 200 generated inputs a check,
// each answer compared with the reference solution's (lessons/README.md, "Generated checks").
describe('every message of the task (generated)', () => {
  it('answers every ping request and notification as a correct ${fn} does, whatever the id and params', () =>
    agrees({ input: messages({ ids: ids(), methods: fc.constant('ping'), params: params() }), calls: (msg) => [['${fn}', msg]] }));
});
`,
    'variants/switch-on-kind.js': `// TODO: correct solutions in other styles than the reference (a Map, a class, switch, async...),
// one file each: \`course check\` proves each passes, so the checks are never stricter than the task.
async function ${fn}(msg) {
  switch ('id' in msg) {
    case true:
      return { jsonrpc: '2.0', id: msg.id, result: 'pong' };
    default:
      return null;
  }
}
`,
    'mutants/id-zero-is-notification.js': `// mistake: Treats a request with id 0 as a notification, because 0 is falsy.
// learner: Your router seems to treat a message with id 0 as a notification. Look again at what makes a message a notification.
// TODO: replace with the mistakes learners really make, one file each, named after the mistake.
function ${fn}(msg) {
  if (!msg.id) return null;
  return { jsonrpc: '2.0', id: msg.id, result: 'pong' };
}
`,
  };
}
