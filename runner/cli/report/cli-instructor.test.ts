/**
 * The outputs instructors asked for, from a small class graded for real: the roster check, the
 * gradebook CSV an LMS imports, the CSV of every submission, and a feedback file per learner that
 * is safe to hand out. Each is parsed back (papaparse) and checked cell by cell; a canary planted
 * in a hidden check's code, input and expected value is in the results but in no feedback file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, copyCourse, REPO, runCli, type CliRun } from '../testing/cli-harness.ts';
import { BOM } from './formats/csv.ts';

const CANARY = 'CANARY-7f3a9c';
const HIDDEN_CHECK = `
describe('planted', () => {
  it('answers the planted request', async () => {
    // ${CANARY}-code
    expect(await route({ jsonrpc: '2.0', id: 9, method: 'ping', params: { note: '${CANARY}-input' } })).toEqual({ jsonrpc: '2.0', id: 9, result: '${CANARY}-expected' });
  });
});
`;

const work = (learner: string, exportedAt: string, exercise: string, code: string) =>
  JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt, learner, exercises: { [exercise]: { code, language: 'js', passed: false, hintsSeen: 3, solutionRevealed: true } } });

const parse = (text: string) => {
  expect(text.startsWith(BOM)).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(text.slice(BOM.length).trimEnd(), { header: true });
  expect(parsed.errors).toEqual([]);
  return parsed;
};

describe('course report for instructors', { timeout: CLI_TIMEOUT }, () => {
  let root = '';
  let remove = async () => {};
  let report: CliRun;
  const out = (name: string) => join(root, 'out', name);

  beforeAll(async () => {
    ({ root, remove } = await copyCourse());
    await appendFile(join(root, 'exercises/route/tests.test.js'), HIDDEN_CHECK);
    const solution = await readFile(join(REPO, 'exercises/route/solution.js'), 'utf8');
    const starter = await readFile(join(REPO, 'exercises/route/starter.js'), 'utf8');
    const files: Record<string, string> = {
      'submissions/route/alice/route.js': starter,
      'submissions/route/bob/work.json': work('Robert', '2026-05-03T08:00:00.000Z', 'route', solution),
      'submissions/route/cy/route.js': solution,
      'submissions/route/cy/notes.txt': 'Thanks!\n',
      'submissions/notification-null/alice/route.js': await readFile(join(REPO, 'exercises/notification-null/solution.js'), 'utf8'),
      'roster.csv': 'learner,name,sis_user_id,sis_login_id,section\nalice,"Smith, Alice",1001,asmith,A\nbob,Bob Jones,1002,bjones,A\neve,Eve Ng,1003,eng,B\nAlice,Alice Again,1004,aagain,B\nnoid,No Id,,,B\n',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(join(root, file, '..'), { recursive: true });
      await writeFile(join(root, file), text);
    }
    await mkdir(join(root, 'results'));
    await mkdir(join(root, 'out'));
    for (const exercise of ['route', 'notification-null']) {
      const run = await runCli(['grade', '--exercise', exercise, `submissions/${exercise}/`, '--format', 'json', '--out', `results/${exercise}.json`], { cwd: root });
      expect(run.code, run.stderr).toBeLessThan(2);
    }
    report = await runCli(
      ['report', 'results/route.json', 'results/notification-null.json', '--roster', 'roster.csv', '--cutoff', '2026-05-02', '--gradebook', out('gradebook.csv'), '--csv', out('grades.csv'), '--markdown', out('summary.md'), '--feedback', out('feedback')],
      { cwd: root },
    );
  }, CLI_TIMEOUT);
  afterAll(() => remove());

  it('writes every output and flags the roster problems', () => {
    expect(report.code, report.stderr).toBe(0);
    expect(report.stderr).toContain('course: On the roster, with no submission: eve, noid.');
    expect(report.stderr).toContain('course: Submissions from learners not on the roster (left out of the gradebook): cy.');
    expect(report.stderr).toContain('course: Roster line 5 repeats the learner "Alice" of line 2.');
    expect(report.stderr).toContain('course: Roster rows with no id, SIS user id or SIS login id (the LMS cannot match them): noid.');
    expect(report.stderr).toMatch(/1 submission is after the cutoff and does not count \(e\.g\. submissions\/route\/bob\/work\.json\)/);
    const summary = readFileSync(out('summary.md'), 'utf8');
    expect(summary).toContain('## Roster');
    expect(summary).toContain('1 file beside the submissions is not a submission and was not graded (for example `submissions/route/cy/notes.txt`).');
  });

  it('writes a gradebook an LMS imports: Canvas’s id columns, one numeric column per exercise, one row per roster learner', () => {
    const { data, meta } = parse(readFileSync(out('gradebook.csv'), 'utf8'));
    expect(meta.fields).toEqual(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'notification-null', 'route']);
    expect(data.map((r) => [r.Student, r['SIS User ID'], r['SIS Login ID'], r.Section])).toEqual([
      ['Smith, Alice', '1001', 'asmith', 'A'],
      ['Bob Jones', '1002', 'bjones', 'A'],
      ['Eve Ng', '1003', 'eng', 'B'],
      ['No Id', '', '', 'B'],
    ]);
    const alice = data[0] as Record<string, string>;
    expect(alice['notification-null']).toBe('100');
    expect(Number(alice.route)).toBeGreaterThanOrEqual(0);
    expect(Number(alice.route)).toBeLessThan(100);
    // Bob's only work is late: blank, for the teacher to decide. Eve handed in nothing.
    expect([data[1]?.route, data[2]?.route, data[2]?.['notification-null']]).toEqual(['', '', '']);
  });

  it('writes every submission with its signals, the typed name beside the folder’s', () => {
    const { data } = parse(readFileSync(out('grades.csv'), 'utf8'));
    const bob = data.find((r) => r.learner === 'bob');
    expect(bob).toMatchObject({ exercise: 'route', typed_name: 'Robert', name_mismatch: 'yes', exported_at: '2026-05-03T08:00:00.000Z', solution_revealed: 'yes', hints_seen: '3', late: 'yes', counted: 'no' });
    expect(data.filter((r) => r.learner === 'cy').map((r) => r.file)).toEqual(['submissions/route/cy/route.js']);
  });

  it('writes a feedback file per learner with their own results and nothing hidden', () => {
    const folder = out('feedback');
    expect(readdirSync(folder).sort()).toEqual(['alice.md', 'bob.md', 'cy.md']);
    const results = readFileSync(join(root, 'results/route.json'), 'utf8');
    // The canary is where a grader keeps it (input, expected value; a hidden check's code only
    // with --with-hidden-code)...
    for (const part of ['input', 'expected']) expect(results).toContain(`${CANARY}-${part}`);
    expect(results).not.toContain(`${CANARY}-code`);
    // ...and in no learner's hands.
    for (const name of readdirSync(folder)) expect(readFileSync(join(folder, name), 'utf8')).not.toContain(CANARY);
    const alice = readFileSync(join(folder, 'alice.md'), 'utf8');
    expect(alice).toMatch(/^# Feedback for alice\n/);
    expect(alice).toMatch(/## route[\s\S]*Checks passed: \d+ of \d+/);
    expect(alice).toContain('The hidden check "planted > answers the planted request" failed.');
    expect(alice).toContain('"examples > answers a ping request with a result envelope"');
    expect(alice).toContain('## notification-null');
    // As words: check names hold "every" and such.
    for (const other of ['bob', 'Robert', 'cy', 'eve']) expect(alice).not.toMatch(new RegExp(`\\b${other}\\b`, 'i'));
    expect(readFileSync(join(folder, 'bob.md'), 'utf8')).toContain('This work came after the deadline');
  });
});
