/**
 * The `course` command line: instructors check content and grade submissions. bin.cjs runs the
 * prebuilt bundle of this file (build.mjs) and calls `run`.
 */
import { Command, CommanderError } from 'commander';
import { registerCheck } from './check.ts';
import { EXIT, UsageError, type ExitCode } from './exit.ts';
import { registerGrade } from './grade.ts';
import { registerList } from './list.ts';
import { registerNew } from './new-exercise.ts';

function program(exit: (code: ExitCode) => void): Command {
  const course = new Command('course')
    .description('Check the course content and grade learner submissions.')
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  registerCheck(course, exit);
  registerGrade(course, exit);
  registerList(course, exit);
  registerNew(course, exit);
  return course;
}

/** Runs the CLI on `argv` (`process.argv` shape) and resolves with the exit code. */
export async function run(argv: readonly string[]): Promise<number> {
  let code: number = EXIT.ok;
  try {
    await program((c) => (code = c)).parseAsync([...argv]);
    return code;
  } catch (error) {
    // Commander already printed its message (or the help); --help and --version end with 0.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.misuse;
    if (error instanceof UsageError) {
      process.stderr.write(`course: ${error.message}\n${error.details.map((d) => `  ${d}\n`).join('')}`);
      return EXIT.misuse;
    }
    process.stderr.write(`course: unexpected failure, please report it:\n${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.misuse;
  }
}
