/** `course new exercise <id> --lesson <lesson>`: scaffolds an exercise folder to fill in. */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { displayPath, openCourse } from './course-root.ts';
import { EXIT, UsageError, type ExitCode } from './exit.ts';
import { rootOption } from './options.ts';
import { scaffoldFiles } from './scaffold.ts';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

async function newExercise(id: string, options: { lesson: string; root?: string }): Promise<ExitCode> {
  if (!KEBAB.test(id)) throw new UsageError(`"${id}" is not a valid exercise id: use lowercase letters, digits and single dashes, e.g. batch-replies.`);
  const { root, course } = await openCourse(options.root);
  const lesson = course.lessons.find((l) => l.id === options.lesson);
  if (!lesson) {
    const known = course.lessons.map((l) => l.id).join(', ') || 'none';
    throw new UsageError(`There is no lesson "${options.lesson}". Known lessons: ${known}.`);
  }
  const dir = join(root, 'exercises', id);
  if (existsSync(dir)) throw new UsageError(`${displayPath(root, `exercises/${id}`)} already exists; choose another id or edit that exercise.`);

  const files = scaffoldFiles({ id, lesson: lesson.id });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text, { flag: 'wx' });
  }
  const shown = displayPath(root, `exercises/${id}`);
  process.stdout.write(`Created ${shown}/: ${Object.keys(files).join(', ')}.

Next steps:
  1. Embed it where learners should meet it, in ${displayPath(root, lesson.file)}:
       ::exercise{id=${id}}
  2. Write task.md (title, task text, hints) and tests.test.js (an "examples" group, then
     hidden groups whose test names teach).
  3. Write solution.js. Until it passes every test, \`npx course check\` reports it (solution/fails).
  4. Replace the mutant with the mistakes learners really make, one file each; each must fail a test.
  5. Run \`npx course check\` until it exits 0. The authoring guide is lessons/README.md.
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
    .addOption(rootOption())
    .action(async (id: string, options: { lesson: string; root?: string }) => exit(await newExercise(id, options)));
}
