import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/index.ts';
import { derivedDiagnostics, freedomDiagnostics } from './check-freedoms.ts';

const TASK = `Answer every request.

Every error is \`{ code, message }\` with a short, non-empty
\`message\` of your choice. You may add a \`data\` member to the error.
The replies of a batch come in any order you like.
`;
const TESTS = `import { taskFreedoms } from '@course/check';
const SAME = taskFreedoms([
  [errorMessage, 'with a short, non-empty \`message\` of your choice'],
  [errorData, 'a data member of any kind'],
]);
`;
const exercise = { dir: 'exercises/x', task: TASK, taskLine: 5, tests: TESTS, testsFile: 'exercises/x/tests.test.js' };

describe('freedomDiagnostics', () => {
  const found = freedomDiagnostics(exercise, [
    { name: 'error-message', grants: ['with a short, non-empty `message` of your choice'], varies: true },
    { name: 'error-data', grants: ['a data member of any kind'], varies: false },
  ]);

  it('finds the declared words in task.md across a line break, and reports words task.md does not say at their line', () => {
    const notInTask = found.filter((d) => d.rule === 'freedom/not-in-task');
    expect(notInTask).toHaveLength(1);
    expect(notInTask[0]).toMatchObject({ file: 'exercises/x/tests.test.js', line: 4, severity: 'error' });
    expect(notInTask[0]?.message).toContain('"error-data"');
  });

  it('reports a declared freedom without vary', () => {
    expect(found.filter((d) => d.rule === 'freedom/no-vary').map((d) => d.message)).toEqual([expect.stringContaining('"error-data" has no vary')]);
  });

  it('reports each sentence of task.md that grants something no declaration quotes, at its line', () => {
    const undeclared = found.filter((d) => d.rule === 'freedom/not-declared');
    expect(undeclared.map((d) => [d.line, d.severity])).toEqual([
      [8, 'warning'],
      [9, 'warning'],
    ]);
    expect(undeclared[0]?.message).toContain('"may add"');
    expect(undeclared[1]?.message).toContain('"in any order"');
  });
});

describe('derivedDiagnostics', () => {
  const freedom = { name: 'error-message', grants: ['any message'], varies: true };
  type Test = Pick<RunResult['tests'][number], 'name' | 'status' | 'message'>;
  const result = (tests: Test[], varied: number): RunResult => ({
    version: 3,
    status: tests.every((t) => t.status === 'pass') ? 'pass' : 'fail',
    tests: tests.map((t) => ({ test_code: '', hidden: true, duration: 1, ...t })),
    varied,
  });

  it('reports each check that rejects the variant, at its line', () => {
    const found = derivedDiagnostics(exercise, freedom, result([{ name: 'g > strict', status: 'fail', message: 'Expected "Method not found".' }], 3), () => 12);
    expect(found).toEqual([expect.objectContaining({ rule: 'freedom/check-rejects', line: 12, severity: 'error', message: expect.stringContaining('Expected "Method not found". The check is stricter than the task') })]);
  });

  it('warns when the variant changed no answer, and says nothing when it passed having varied some', () => {
    expect(derivedDiagnostics(exercise, freedom, result([{ name: 'a', status: 'pass' }], 0), () => 1).map((d) => d.rule)).toEqual(['freedom/never-varied']);
    expect(derivedDiagnostics(exercise, freedom, result([{ name: 'a', status: 'pass' }], 4), () => 1)).toEqual([]);
  });
});
