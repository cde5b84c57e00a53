/**
 * The `course` command line: instructors check content and grade submissions. bin.cjs runs the
 * prebuilt bundle of this file (build.cjs) and calls `run`.
 */
import { Command, CommanderError } from 'commander';
import { EXIT, UsageError, type ExitCode } from './shared/exit.ts';
import type { RunContext } from './shared/run-context.ts';

type Register = (program: Command, exit: (code: ExitCode) => void, context: RunContext) => void;

/**
 * The commands, each loaded only when it runs: a command's module brings what it needs (the
 * grader, the Markdown toolchain, the check cache...), and loading all of them would cost every
 * command the start-up of the others.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  check: async () => (await import('./check/check.ts')).registerCheck,
  conform: async () => (await import('./conform/conform.ts')).registerConform,
  grade: async () => (await import('./grade/grade.ts')).registerGrade,
  list: async () => (await import('./list/list.ts')).registerList,
  new: async () => (await import('./new/new-exercise.ts')).registerNew,
  report: async () => (await import('./report/report.ts')).registerReport,
  serve: async () => (await import('./serve/serve.ts')).registerServe,
};

/** The program with the command `argv` names, or with all of them (for help and misspellings). */
async function program(argv: readonly string[], exit: (code: ExitCode) => void, context: RunContext): Promise<Command> {
  const course = new Command('course')
    .description('Check the course content, grade learner submissions, serve a learner\'s MCP server and judge it with the protocol\'s conformance suite.')
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  const named = argv.slice(2).find((arg) => !arg.startsWith('-'));
  const names = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const name of names) (await (COMMANDS[name] as () => Promise<Register>)())(course, exit, context);
  return course;
}

/** Runs the CLI on `argv` (`process.argv` shape) and resolves with the exit code. */
export async function run(argv: readonly string[], context: RunContext = {}): Promise<number> {
  let code: number = EXIT.ok;
  try {
    await (await program(argv, (c) => (code = c), context)).parseAsync([...argv]);
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
