/**
 * `course report` over a class, as CI runs it: a generated class of several hundred submissions
 * across three exercises is graded by `course grade --format json` in shards (several processes),
 * then the report merges the shards and writes Markdown, HTML and CSV.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClass, type ClassFixture } from '../testing/class-fixture.ts';
import { BOM, CSV_COLUMNS } from './formats/csv.ts';
import { SUMMARY_LIMIT } from './formats/markdown.ts';
import { CLI_TIMEOUT, REPO, runCli, tempDir, type CliRun } from '../testing/cli-harness.ts';
import type { GradeJson } from '../grade/format-json.ts';

const EXERCISES = ['full-error-routing', 'notification-null', 'route'];
const PER_EXERCISE = 70;
const SHARDS = 2;

describe('course report', { timeout: CLI_TIMEOUT }, () => {
  let dir = '';
  let remove = async () => {};
  let fixture: ClassFixture;
  let results: string[] = [];
  let report: CliRun;
  const out = (name: string) => join(dir, 'out', name);

  beforeAll(async () => {
    ({ dir, remove } = await tempDir());
    fixture = await writeClass(REPO, dir, EXERCISES, PER_EXERCISE);
    await mkdir(join(dir, 'results'));
    await mkdir(join(dir, 'out'));
    // One process per exercise and shard, as a CI matrix runs them; two at a time on this machine.
    const jobs = EXERCISES.flatMap((exercise) => Array.from({ length: SHARDS }, (_, i) => ({ exercise, shard: i + 1 })));
    for (let i = 0; i < jobs.length; i += 2) {
      await Promise.all(
        jobs.slice(i, i + 2).map(async ({ exercise, shard }) => {
          const file = join('results', `${exercise}-${shard}.json`);
          const run = await runCli(['grade', '--exercise', exercise, `submissions/${exercise}/`, '--format', 'json', '--out', file, '--shard', `${shard}/${SHARDS}`, '--root', REPO], { cwd: dir });
          expect(run.code, run.stderr).toBe(1); // the class has failing submissions
          results.push(file);
        }),
      );
    }
    results = results.sort();
    // The first shard again under another name, and named twice: its submissions count once.
    await copyFile(join(dir, results[0] as string), join(dir, 'results', 'again.json'));
    report = await runCli(['report', ...results, 'results/again.json', results[0] as string, '--markdown', out('summary.md'), '--html', out('report.html'), '--csv', out('grades.csv'), '--junit', out('grades.xml')], { cwd: dir });
  }, CLI_TIMEOUT);
  afterAll(() => remove());

  const total = () => Object.values(fixture.counts).reduce((a, b) => a + b, 0);

  it('grades a class of at least 200 mixed submissions across at least 3 exercises, in shards', () => {
    expect(total()).toBeGreaterThanOrEqual(200);
    const graded = results.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GradeJson);
    expect(graded.reduce((n, g) => n + g.submissions.length, 0)).toBe(total());
    const statuses = new Set(graded.flatMap((g) => g.submissions.map((s) => s.result.status)));
    expect([...statuses].sort()).toEqual(['error', 'fail', 'pass']);
  });

  it('writes all three outputs, counting the shard given twice once and saying so', () => {
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toBe('');
    const shardSize = (JSON.parse(readFileSync(join(dir, results[0] as string), 'utf8')) as GradeJson).submissions.length;
    expect(report.stderr).toContain(`course: ${results[0]} is named more than once; it is read once.`);
    expect(report.stderr).toContain(`course: ${shardSize} submissions were in more than one results file and count once, the later grading (e.g. submissions/full-error-routing/learner-001/route.js: kept results/again.json, not ${results[0]})`);
    expect(report.stderr).toMatch(new RegExp(`^${total()} submissions in 3 exercises\\. Wrote .*summary\\.md, .*report\\.html, .*grades\\.csv, .*grades\\.xml\\.$`, 'm'));
  });

  it('writes Markdown under GitHub’s summary limit with each exercise’s scores, tests and known mistakes', () => {
    const markdown = readFileSync(out('summary.md'), 'utf8');
    expect(Buffer.byteLength(markdown)).toBeLessThan(SUMMARY_LIMIT);
    expect(markdown).toContain(`${total()} submissions from ${PER_EXERCISE} learners in 3 exercises`);
    for (const exercise of EXERCISES) {
      expect(markdown).toContain(`## ${exercise}\n\n${fixture.counts[exercise]} submissions from ${PER_EXERCISE} learners`);
      expect(markdown).toContain(`### Scores of ${exercise} (tests passed)`);
      expect(markdown).toContain(`### Tests of ${exercise} by failure rate`);
      expect(markdown).toContain(`### Known mistakes in ${exercise}`);
      // The mutants handed in are named: every one the class handed in shows as a known mistake.
      const section = markdown.slice(markdown.indexOf(`### Known mistakes in ${exercise}`)).split('\n## ')[0] as string;
      for (const mutant of fixture.mutants[exercise] ?? []) expect(section, mutant).toContain(`| \`${mutant}\` |`);
    }
  });

  it('writes CSV that a CSV parser reads: one row per submission, learners from folders and from work files', () => {
    const text = readFileSync(out('grades.csv'), 'utf8');
    expect(text.startsWith(BOM)).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(BOM.length).trimEnd(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(total());
    for (const exercise of EXERCISES) expect(parsed.data.filter((r) => r.exercise === exercise)).toHaveLength(fixture.counts[exercise] as number);
    // Learners are their folders; a typed name is kept beside it.
    const learners = new Set(parsed.data.map((r) => r.learner));
    expect(learners.size).toBe(PER_EXERCISE);
    expect(learners).toContain('learner-002');
    const typed = new Set(parsed.data.map((r) => r.typed_name));
    for (const name of fixture.namedLearners) expect(typed).toContain(name);
    const pass = parsed.data.find((r) => r.status === 'pass');
    expect(Number(pass?.passed)).toBe(Number(pass?.total));
    expect(pass?.score).toBe('100');
    // The notes file beside learner-001's submission is no row of its own.
    expect(parsed.data.filter((r) => r.learner === 'learner-001')).toHaveLength(EXERCISES.length);
    expect(parsed.data.some((r) => r.file?.endsWith('notes.txt'))).toBe(false);
    const syntax = parsed.data.find((r) => r.status === 'error');
    expect(syntax).toMatchObject({ cause: 'syntax', misconceptions: '', passed: '' });
    expect(parsed.data.some((r) => r.status === 'fail' && r.misconceptions !== '' && (r.feedback ?? '').startsWith('You'))).toBe(true);
  });

  it('writes a self-contained HTML page with a section per exercise', () => {
    const page = readFileSync(out('report.html'), 'utf8');
    expect(page).not.toMatch(/<script|<link/i);
    for (const [i, exercise] of EXERCISES.entries()) expect(page).toContain(`<section aria-labelledby="exercise-${i + 1}"><h2 id="exercise-${i + 1}">${exercise}</h2>`);
    expect(page.match(/<svg[^>]*role="img"/g)?.length).toBe(9);
  });

  it('writes JUnit for a check run: a test suite per submission, naming its exercise and learner', () => {
    const xml = readFileSync(out('grades.xml'), 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(total());
    for (const exercise of EXERCISES) expect(xml.match(new RegExp(`<property name="exercise" value="${exercise}"/>`, 'g'))).toHaveLength(fixture.counts[exercise] as number);
    expect(xml).toContain('<property name="learner" value="learner-009"/>');
  });

  it('prints the Markdown when no output is named, and checks outputs and inputs before writing anything', async () => {
    const stdout = await runCli(['report', ...results, 'results/again.json'], { cwd: dir });
    expect(stdout.code).toBe(0);
    expect(stdout.stdout).toBe(readFileSync(out('summary.md'), 'utf8'));
    expect(stdout.stdout).toContain('submissions were in more than one results file and count once');

    const noInput = await runCli(['report'], { cwd: dir });
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toContain('Name at least one results file');

    await writeFile(join(dir, 'results.xml'), '<testsuites/>');
    const notJson = await runCli(['report', results[0] as string, 'results.xml', '--csv', 'grades.csv'], { cwd: dir });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('results.xml is not valid JSON');
    expect(existsSync(join(dir, 'grades.csv'))).toBe(false);

    const noFolder = await runCli(['report', ...results, '--html', 'missing/report.html'], { cwd: dir });
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('--html missing/report.html: the folder missing does not exist');

    const same = await runCli(['report', ...results, '--html', 'r.out', '--csv', 'r.out'], { cwd: dir });
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('--csv r.out names a file another output writes too');
  });
});
