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

  it('counts a submission found in two files once: the later grading, else the file named later', () => {
    const first = file('a.json', classDocument('route', [row({ file: 'x.js', tests: 'pp' }), row({ file: 'y.js', tests: 'pf' })], '2026-05-01T10:00:00.000Z'));
    const regrade = file('a-again.json', classDocument('route', [row({ file: 'x.js', tests: 'ff' })], '2026-05-02T10:00:00.000Z'));
    const other = file('b.json', classDocument('batches', [row({ exercise: 'batches', file: 'x.js', tests: 'pp' })]));
    const statuses = (paths: string[]) => readResults(paths).rows.map((r) => `${r.exercise}:${r.file}:${r.result.status}`);
    // The regrade ran later: it wins, in either order.
    expect(statuses([first, regrade, other])).toEqual(['batches:x.js:pass', 'route:x.js:fail', 'route:y.js:fail']);
    expect(statuses([regrade, first, other])).toEqual(['batches:x.js:pass', 'route:x.js:fail', 'route:y.js:fail']);
    expect(readResults([first, regrade]).duplicates).toEqual([{ exercise: 'route', file: 'x.js', kept: regrade, dropped: first }]);
    // Files that do not say when they were graded: the one named later wins.
    const old1 = file('old-1.json', classDocument('route', [row({ file: 'x.js', tests: 'pp' })]));
    const old2 = file('old-2.json', classDocument('route', [row({ file: 'x.js', tests: 'ff' })]));
    expect(statuses([old1, old2])).toEqual(['route:x.js:fail']);
    expect(statuses([old2, old1])).toEqual(['route:x.js:pass']);
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

  it('reads a one-submission RunResult that names its exercise, file and learner beside a class file, without --exercise', () => {
    const single = file('single.json', { ...result('pf'), misconceptions: [], exercise: 'route', file: 'submissions/route/zoe/route.js', learner: 'zoe', gradedAt: '2026-05-01T10:00:00.000Z', work: { exportedAt: '2026-04-30T09:00:00.000Z', solutionRevealed: true, hintsSeen: 1 } });
    const shard = file('shard.json', classDocument('route', [row({ file: 'submissions/route/amy/route.js', learner: 'amy', tests: 'pp' })]));
    const read = readResults([shard, single]);
    expect(read.rows.map((r) => [r.file, r.learner, r.result.status])).toEqual([
      ['submissions/route/amy/route.js', 'amy', 'pass'],
      ['submissions/route/zoe/route.js', 'zoe', 'fail'],
    ]);
    expect(read.rows[1]?.work).toEqual({ exportedAt: '2026-04-30T09:00:00.000Z', solutionRevealed: true, hintsSeen: 1 });
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
