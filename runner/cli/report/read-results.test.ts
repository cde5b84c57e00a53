import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../shared/exit.ts';
import { readResults } from './read-results.ts';
import { classDocument, mistake, result, row } from './test-rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'class-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const misuse = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
};

describe('readResults', () => {
  it('merges shards of one exercise back into file order, with the learner, result and misconceptions', () => {
    const shard1 = file('route-1.json', classDocument('route', [row({ file: 'submissions/route/a.js', tests: 'pp' }), row({ file: 'submissions/route/c.js', tests: 'pf', mistakes: [mistake('zero-id')] })]));
    const shard2 = file('route-2.json', classDocument('route', [row({ file: 'submissions/route/b.js', learner: 'bob', tests: '' })]));
    const read = readResults([shard1, shard2]);
    expect(read.rows.map((r) => [r.file, r.learner, r.result.status, r.input])).toEqual([
      ['submissions/route/a.js', 'submissions/route/a', 'pass', shard1],
      ['submissions/route/b.js', 'bob', 'error', shard2],
      ['submissions/route/c.js', 'submissions/route/c', 'fail', shard1],
    ]);
    expect(read.rows[2]?.misconceptions.map((m) => m.mutant)).toEqual(['zero-id']);
    expect(read).toMatchObject({ exercises: ['route'], duplicates: [], inputs: [shard1, shard2], repeated: [] });
  });

  it('counts a submission found in two files once and says where', () => {
    const first = file('a.json', classDocument('route', [row({ file: 'x.js', tests: 'pp' }), row({ file: 'y.js', tests: 'pf' })]));
    const again = file('a-again.json', classDocument('route', [row({ file: 'x.js', tests: 'ff' })]));
    const other = file('b.json', classDocument('batches', [row({ exercise: 'batches', file: 'x.js', tests: 'pp' })]));
    const read = readResults([first, again, other]);
    expect(read.rows.map((r) => `${r.exercise}:${r.file}:${r.result.status}`)).toEqual(['batches:x.js:pass', 'route:x.js:pass', 'route:y.js:fail']);
    expect(read.duplicates).toEqual([{ exercise: 'route', file: 'x.js', kept: first, dropped: again }]);
    // The same path twice (overlapping globs) is one file, read once.
    expect(readResults([first, first])).toMatchObject({ duplicates: [], inputs: [first], repeated: [first] });
  });

  it('keeps an exercise whose shard had no submissions', () => {
    const empty = file('empty.json', classDocument('batches', []));
    expect(readResults([empty])).toMatchObject({ rows: [], exercises: ['batches'] });
  });

  it('reads a one-submission RunResult with --exercise, named after its file', () => {
    const alice = file('alice.json', { ...result('pf'), misconceptions: [mistake('zero-id')] });
    const read = readResults([alice], { exercise: 'route' });
    expect(read.rows).toHaveLength(1);
    expect(read.rows[0]).toMatchObject({ exercise: 'route', file: alice, learner: 'alice', graded: true });
    expect(read.rows[0]?.misconceptions).toHaveLength(1);
    expect(misuse(() => readResults([alice]))).toMatch(/does not name its exercise: add --exercise <id>/);
  });

  it('refuses no input, a missing file, text that is not JSON and JSON that is not course grade output, naming the problem', () => {
    expect(misuse(() => readResults([]))).toMatch(/at least one results file/);
    expect(misuse(() => readResults([join(dir, 'nowhere.json')]))).toMatch(/nowhere\.json does not exist/);
    expect(misuse(() => readResults([file('junit.xml', '<testsuites/>')]))).toMatch(/junit\.xml is not valid JSON/);
    expect(misuse(() => readResults([file('package.json', { name: 'x' })]))).toMatch(/package\.json is not what `course grade --format json` writes: expected an object/);
    expect(misuse(() => readResults([file('array.json', [1])]))).toMatch(/is not what `course grade --format json` writes/);
    const broken = classDocument('route', [row({ file: 'a.js', tests: 'p' })]) as { submissions: { result: { status: string } }[] };
    (broken.submissions[0] as { result: { status: string } }).result.status = 'passed';
    expect(misuse(() => readResults([file('broken.json', broken)]))).toMatch(/broken\.json is not what .* \(submissions\[0\]\.result\.status: /);
  });
});
