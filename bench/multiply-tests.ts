/**
 * An exercise with its tests file repeated, to see how grading cost grows with the number of
 * tests: the original file stays as it is (its `examples` group still the visible one), and
 * copies of its body follow inside `describe('round 2', ...)`, `describe('round 3', ...)` and so
 * on, so every copy has its own test names and its own helpers in a nested scope.
 */
import { parse } from 'acorn';
import type { CodeExercise } from '../runner/content/types.ts';

/** The tests file's source with its import declarations cut out (they must stay top level). */
function withoutImports(source: string): string {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const imports = program.body.filter((n) => n.type === 'ImportDeclaration').reverse();
  return imports.reduce((text, node) => text.slice(0, node.start) + text.slice(node.end), source);
}

/**
 * `exercise` with its tests `factor` times over, under the id `<id>-x<factor>`: grading services
 * key exercises by id (the process grader sends each child an exercise once per id), so two
 * versions of one exercise under one id would be graded with whichever the child got first.
 */
export function multiplyTests(exercise: CodeExercise, factor: number): CodeExercise {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`multiplyTests: factor must be a positive integer, got ${factor}.`);
  if (factor === 1) return exercise;
  const body = withoutImports(exercise.tests);
  const rounds = Array.from({ length: factor - 1 }, (_, k) => `\ndescribe('round ${k + 2}', () => {\n${body}\n});\n`);
  return { ...exercise, id: `${exercise.id}-x${factor}`, tests: exercise.tests + rounds.join('') };
}
