/**
 * What the judge must make of hostile submissions (runner/core/fixtures/full-error-routing/...),
 * checked the same way in both hosts: runner/node/hostile-verdicts.test.ts grades them in Node,
 * e2e/sandbox-hostile.test.ts in Chromium while timing the page. Each entry says what a learner
 * must read, whatever the value did to the printers and parsers on the way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunResult } from '../core/index.ts';

export const HOSTILE_EXERCISE = 'full-error-routing';
const DIR = join(import.meta.dirname, '..', 'core', 'fixtures', HOSTILE_EXERCISE);

/**
 * At most this much text in one run's results, whatever the submission (see text-cap.ts): the
 * capped texts, plus each test's name and code, which the tests file fixes and no learner can
 * grow (full-error-routing's 41 tests bring a huge message's result to about 200,400).
 */
export const RESULT_TEXT_MAX = 210_000;

export interface Hostile {
  /** Path under the exercise's fixture folder. */
  file: string;
  check: (result: RunResult) => void;
}

const failedChecks = (result: RunResult) => result.tests.filter((t) => t.status !== 'pass');

/** Every failing test failed its assertion, with the value shown: nothing about calling functions. */
function failsOnTheExtraKey(key: string) {
  return (result: RunResult) => {
    expect(result.status).toBe('fail');
    const failed = failedChecks(result);
    expect(failed.length).toBeGreaterThan(0);
    for (const t of failed) {
      expect(t.status, `${t.name}: ${t.message}`).toBe('fail');
      expect(t.message).not.toMatch(/cannot be called|is not a function/);
    }
    expect(failed.some((t) => t.check?.received?.includes(key) || t.check?.message.includes(key))).toBe(true);
  };
}

function tooLarge(result: RunResult) {
  const failed = failedChecks(result);
  expect(failed.length).toBeGreaterThan(0);
  for (const t of failed) {
    expect(t.cause, t.message).toBe('too-large');
    expect(t.message).toMatch(/repeats the same objects so often that, written out in full, it has more than 20,000 objects/);
  }
}

/** `route` threw an Error named `name` whose message starts with `start`, cut to a readable size. */
function threw(name: string, start: RegExp) {
  return (result: RunResult) => {
    const failed = failedChecks(result);
    expect(failed.length).toBeGreaterThan(0);
    for (const t of failed) {
      expect(t.cause, t.message).toBe('threw');
      expect(t.message).toMatch(new RegExp(`^route threw ${name}: ${start.source}`));
      expect(t.message?.length).toBeLessThanOrEqual(2_100);
    }
  };
}

export const HOSTILE: Hostile[] = [
  { file: 'fail/hostile-keys/then-method.js', check: failsOnTheExtraKey('then') },
  { file: 'fail/hostile-keys/to-json-method.js', check: failsOnTheExtraKey('toJSON') },
  { file: 'fail/hostile-keys/asymmetric-match-method.js', check: failsOnTheExtraKey('asymmetricMatch') },
  { file: 'fail/hostile-keys/inspect-method.js', check: failsOnTheExtraKey('inspect') },
  { file: 'fail/hostile-keys/dom-node-lookalike.js', check: failsOnTheExtraKey('isEqualNode') },
  { file: 'fail/hostile-keys/own-proto-key.js', check: failsOnTheExtraKey('__proto__') },
  {
    file: 'fail/huge-values/oversized-reply.js',
    check: (result) => {
      const checks = failedChecks(result).map((t) => t.check);
      expect(checks.length).toBeGreaterThan(0);
      // Each field is cut with a visible note of what was left out.
      expect(checks.some((c) => /\n… [\d,]+ more characters$/.test(c?.received ?? ''))).toBe(true);
      expect(checks.some((c) => (c?.received ?? '').includes('more items'))).toBe(true);
    },
  },
  { file: 'error/too-large/shared-reference-chain.js', check: tooLarge },
  { file: 'error/too-large/wide-shared-references.js', check: tooLarge },
  { file: 'error/threw/huge-stack.js', check: threw('Error', /boom/) },
  { file: 'error/threw/stack-getter-changes.js', check: threw('Error', /boom/) },
  {
    file: 'error/threw/huge-message.js',
    check: (result) => {
      threw('Error', /m{100}/)(result);
      expect(failedChecks(result)[0]?.message).toMatch(/more characters/);
    },
  },
  { file: 'error/threw/uses-set-timeout.js', check: threw('ReferenceError', /setTimeout is not defined/) },
  {
    file: 'error/threw/stack-overflow.js',
    check: (result) => {
      threw('RangeError', /Maximum call stack size exceeded/)(result);
      // The recursive call `depth(msg, n + 1)`, not wherever the stack ran out.
      for (const t of failedChecks(result)) expect(t.place).toEqual({ line: 4, column: 10 });
    },
  },
  {
    file: 'error/memory/allocates-forever.js',
    check: (result) => {
      const failed = failedChecks(result);
      expect(failed.length).toBeGreaterThan(0);
      for (const t of failed) {
        expect(['memory', 'timeout', 'run-timeout', 'crashed']).toContain(t.cause);
        // Never "look for a loop" alone: a growing value is named too.
        if (t.cause === 'timeout') expect(t.message).toMatch(/a value that keeps growing/);
      }
    },
  },
];

export function hostileSource(file: string): string {
  return readFileSync(join(DIR, file), 'utf8');
}

/** The checks every hostile result must pass, whatever its entry says. */
export function expectBounded(result: RunResult): void {
  expect(JSON.stringify(result).length).toBeLessThanOrEqual(RESULT_TEXT_MAX);
}
