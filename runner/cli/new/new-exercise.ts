/** `course new exercise <id> --lesson <lesson>`: scaffolds an exercise folder to fill in. */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { KEBAB } from '../../content/index.ts';
import { displayPath, openCourse } from '../shared/course-root.ts';
import { EXIT, UsageError, type ExitCode } from '../shared/exit.ts';
import { rootOption } from '../shared/options.ts';
import { functionName, scaffoldFiles } from './scaffold.ts';

/** A plain JavaScript identifier; reserved words are refused too, since the learner declares it. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof let new null return static super switch this throw true try typeof var void while with yield await implements interface package private protected public arguments eval'.split(' '));

interface NewExerciseOptions {
  lesson: string;
  function?: string;
  root?: string;
}

async function newExercise(id: string, options: NewExerciseOptions): Promise<ExitCode> {
  if (!KEBAB.test(id)) throw new UsageError(`"${id}" is not a valid exercise id: use lowercase letters, digits and single dashes, e.g. batch-replies.`);
  const fn = options.function ?? functionName(id);
  if (!IDENTIFIER.test(fn) || RESERVED.has(fn)) {
    throw new UsageError(`"${fn}" cannot be the learner's function: use a JavaScript name that is not a reserved word, e.g. --function route.`);
  }
  const { root, course } = await openCourse(options.root);
  const lesson = course.lessons.find((l) => l.id === options.lesson);
  if (!lesson) {
    const known = course.lessons.map((l) => l.id).join(', ') || 'none';
    throw new UsageError(`There is no lesson "${options.lesson}". Known lessons: ${known}.`);
  }
  const dir = join(root, 'exercises', id);
  if (existsSync(dir)) throw new UsageError(`${displayPath(root, `exercises/${id}`)} already exists; choose another id or edit that exercise.`);

  const files = scaffoldFiles({ id, lesson: lesson.id, fn });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text, { flag: 'wx' });
  }
  const shown = displayPath(root, `exercises/${id}`);
  const named = options.function === undefined ? ` (the learner writes \`${fn}\`, named after the id; --function names it otherwise)` : ` (the learner writes \`${fn}\`)`;
  process.stdout.write(`Created ${shown}/${named}: ${Object.keys(files).join(', ')}.

Next steps:
  1. Embed it where learners should meet it, in ${displayPath(root, lesson.file)}:
       ::exercise{id=${id}}
  2. Write task.md (title, task text, hints) and tests.test.js (an "examples" group, then
     hidden groups whose test names teach).
  3. Write solution.js. Until it passes every test, \`course check\` reports it (solution/fails).
  4. Replace the mutant with the mistakes learners really make, one file each, each with the
     sentence a learner whose code fails like it reads; each must fail its own set of tests.
  5. Run \`course check\` until it exits 0, then \`course check --write-fingerprints\` (the tests
     each mutant fails, which name learners' mistakes). The authoring guide is lessons/README.md.
`);
  return EXIT.ok;
}

export function registerNew(program: Command, exit: (code: ExitCode) => void): void {
  const create = program.command('new').description('Create course content from a scaffold.');
  create
    .command('exercise')
    .description('Scaffold exercises/<id>/ (task, starter, solution, tests, a mutant) for a lesson.')
    .argument('<id>', 'id of the new exercise, kebab-case (also its folder name)')
    .requiredOption('--lesson <lesson>', 'id of the lesson the exercise belongs to')
    .option('--function <name>', 'the function the learner writes (default: the id in camelCase, e.g. batch-replies -> batchReplies)')
    .addOption(rootOption())
    .action(async (id: string, options: NewExerciseOptions) => exit(await newExercise(id, options)));
}
