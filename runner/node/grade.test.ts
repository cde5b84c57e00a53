/**
 * Golden fixtures: learner submissions grouped by expected outcome and cause
 * (runner/core/fixtures/<exercise>/pass, fail/<cause>, error/<cause>), graded for real through
 * the Node host. A fixture in the wrong group fails here with the result that was produced.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCourse } from '../content/index.ts';
import { gradingJob, type CodeJob, type ErrorCause, type ExamplesJob, type RunResult } from '../core/index.ts';
import { readCourseFiles } from './read-course.ts';
import { RESULT_TEXT_MAX } from './hostile-expectations.ts';
import { createNodeRunner } from './runner.ts';

const root = join(import.meta.dirname, '..', '..');
const fixturesDir = join(root, 'runner', 'core', 'fixtures');
const runner = createNodeRunner();

/** Fixture folder names that are friendlier than the cause they stand for. */
const CAUSE_ALIASES: Record<string, ErrorCause[]> = {
  'thrown-non-error': ['load-threw', 'threw'],
  'huge-output': ['too-large', 'memory'],
};

interface Fixture {
  exercise: string;
  file: string;
  outcome: 'pass' | 'fail' | 'error';
  cause?: string;
}

function listFixtures(): Fixture[] {
  const out: Fixture[] = [];
  if (!existsSync(fixturesDir)) return out;
  for (const exercise of readdirSync(fixturesDir)) {
    for (const outcome of ['pass', 'fail', 'error'] as const) {
      const dir = join(fixturesDir, exercise, outcome);
      if (!existsSync(dir)) continue;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isFile()) out.push({ exercise, outcome, file: join(dir, entry.name) });
        else for (const f of readdirSync(join(dir, entry.name))) out.push({ exercise, outcome, cause: entry.name, file: join(dir, entry.name, f) });
      }
    }
  }
  return out;
}

function causesOf(result: RunResult): (string | undefined)[] {
  return [result.cause, ...result.tests.map((t) => t.cause)];
}

const fixtures = listFixtures();
const exercises = new Map<string, CodeJob | ExamplesJob>();

beforeAll(async () => {
  const { course } = loadCourse(await readCourseFiles(root));
  const find = (id: string) => course.exercises.find((e) => e.id === id);
  for (const id of new Set(fixtures.map((f) => f.exercise))) {
    const exercise = find(id);
    if (exercise) exercises.set(id, gradingJob(exercise, find));
  }
  // Reading the course: seconds on a busy machine, beyond the 10 s default.
}, 60_000);

describe.each(fixtures.map((f) => [relative(fixturesDir, f.file), f] as const))('%s', (_name, fixture) => {
  it(`is graded ${fixture.outcome}${fixture.cause ? ` (${fixture.cause})` : ''}`, async () => {
    const exercise = exercises.get(fixture.exercise);
    if (!exercise) throw new Error(`exercise ${fixture.exercise} did not load`);
    const result = await runner.grade({ exercise, source: readFileSync(fixture.file, 'utf8'), mode: 'submit' });
    const summary = { status: result.status, message: result.message, cause: result.cause, tests: result.tests.filter((t) => t.status !== 'pass').map((t) => `${t.status} ${t.name}: ${t.message}`) };
    expect(result.status, JSON.stringify(summary, null, 2)).toBe(fixture.outcome === 'error' && !result.cause ? 'fail' : fixture.outcome);
    if (fixture.outcome === 'error') {
      const wanted = CAUSE_ALIASES[fixture.cause ?? ''] ?? [fixture.cause];
      expect(causesOf(result).some((c) => wanted.includes(c as ErrorCause)), JSON.stringify(summary, null, 2)).toBe(true);
    }
    // Whatever the submission does, one run's results stay near 200 KB of text (text-cap.ts).
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(RESULT_TEXT_MAX);
    // Exercism's contract: tests in file order, names and statuses, output capped.
    for (const t of result.tests) {
      expect(t.test_code.length).toBeGreaterThan(0);
      if (t.output) expect(t.output.length).toBeLessThanOrEqual(500);
      if (t.status !== 'pass') expect(typeof t.message).toBe('string');
    }
  });
});

it('has fixtures of every outcome', () => {
  const outcomes = new Set(fixtures.map((f) => f.outcome));
  expect([...outcomes].sort()).toEqual(['error', 'fail', 'pass']);
});
