/**
 * A known mistake seen only through a conversation with a client, in a fixed test, is named: the
 * test's calls are replayed in the mutant's sandbox with the client they had (mistakes/evidence.ts).
 * Before, the replay dropped the client, the mutant's router threw on its missing peer, and
 * nothing was named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadExercise } from '../content/index.ts';
import { readCourseFiles } from './read-course.ts';
import { createNodeRunner } from './runner.ts';

const root = join(import.meta.dirname, '..', '..');

it.each(['default-level-debug', 'level-set-before-check'])('names prompt-router\'s mutant %s, caught only by fixed tests that talk with a client', async (name) => {
  const { exercise } = loadExercise('exercises/prompt-router', await readCourseFiles(root, ['exercises/prompt-router']));
  if (exercise?.kind !== 'code') throw new Error('prompt-router did not load as a code exercise');
  const source = readFileSync(join(root, 'exercises/prompt-router/mutants', `${name}.js`), 'utf8');
  const result = await createNodeRunner().grade({ exercise, source, mode: 'submit', diagnose: true });
  expect(result.status).toBe('fail');
  expect(result.mistakes?.map((m) => m.mutant)).toEqual([name]);
});
