/**
 * `course serve <file>`: serves a learner's router as an MCP server, over stdio (the default) or
 * Streamable HTTP, so a real host (Claude Desktop, VS Code, the MCP Inspector) can use it. The
 * code runs in the grading sandbox, in a child process (runner/node/serve/router-process.ts):
 * whatever it does, the server answers the next message. Everything is checked before anything
 * is served; a problem is one line on stderr and exit code 2.
 */
import { Option, type Command } from 'commander';
import type { CodeExercise } from '../../content/index.ts';
import { openExercise } from '../shared/course-root.ts';
import { EXIT, UsageError, type ExitCode } from '../shared/exit.ts';
import { rootOption } from '../shared/options.ts';
import { readRouterSource } from './read-router.ts';
import { SERVED_KINDS, type ServedKind } from './served-kinds.ts';

interface ServeOptions {
  exercise: string;
  stdio?: boolean;
  http?: string;
  root?: string;
}

const EXAMPLES = `
Examples:
  $ course serve route.js                          # the capstone (mcp-server), over stdio
  $ course serve work.json --http 3000             # http://127.0.0.1:3000/mcp
  $ course serve route.js --http 0                 # a free port; the URL is printed on stderr
  $ course serve route.ts --http 0.0.0.0:3000      # every interface: only when spelled out

stdout carries MCP messages only (--stdio); the log (the code's console output, errors) goes to
stderr, one line each. --http listens on 127.0.0.1 unless an IP address is named, and refuses
requests whose Origin is not a page of this machine (403). Ctrl+C or SIGTERM stops the server,
and so does closing stdin with --stdio.
Exit status: 0 stopped, 2 misuse or a file that cannot be served (the reason on stderr).`;

/** One line on stderr, with the command's prefix. */
const say = (line: string) => process.stderr.write(`${line}\n`);
const refuse = (reason: string): ExitCode => {
  say(`course serve: ${reason.replace(/\s*\n\s*/g, ' ')}`);
  return EXIT.misuse;
};

/** The exercise to serve as what, or why it cannot be served. */
export async function servedExercise(root: string | undefined, id: string): Promise<{ exercise: CodeExercise; kind: ServedKind } | string> {
  let opened;
  try {
    opened = await openExercise(root, id, { mutants: false });
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  const { exercise, diagnostics } = opened;
  if (!exercise || diagnostics.some((d) => d.severity === 'error')) return `the exercise "${id}" has content errors; fix them (see \`course check --exercise ${id}\`) and serve again`;
  const kind = exercise.kind === 'code' && exercise.serves !== undefined ? SERVED_KINDS[exercise.serves] : undefined;
  if (exercise.kind !== 'code' || !kind) return `the exercise "${id}" is not a server to serve (its task.md has no \`serves\`); name one with --exercise, such as mcp-server`;
  if (!exercise.functions.includes(kind.functionName)) return `the exercise "${id}" says it serves ${exercise.serves} but does not list ${kind.functionName} in \`functions\``;
  return { exercise, kind };
}

async function serve(file: string, options: ServeOptions): Promise<ExitCode> {
  // Signals are taken from the start, so a Ctrl+C while the code loads also ends cleanly.
  let onSignal: (signal: NodeJS.Signals) => void = () => {};
  let signal: string | undefined;
  const signalled = new Promise<string>((resolve) => (onSignal = (name) => resolve((signal = name))));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await serveUntilStopped(file, options, signalled, () => signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function serveUntilStopped(file: string, options: ServeOptions, signalled: Promise<string>, stoppedBy: () => string | undefined): Promise<ExitCode> {
  if (options.stdio && options.http !== undefined) return refuse('choose one of --stdio and --http');
  const { parseListenAddress } = await import('../../node/serve/listen-address.ts');
  const listen = options.http === undefined ? undefined : parseListenAddress(options.http);
  if (typeof listen === 'string') return refuse(listen);
  const served = await servedExercise(options.root, options.exercise);
  if (typeof served === 'string') return refuse(served);
  const { exercise, kind } = served;
  const code = readRouterSource(file, exercise);
  if (typeof code === 'string') return refuse(code);

  const { startRouterProcess } = await import('../../node/serve/router-process.ts');
  const started = await startRouterProcess({ code: { ...code, functionName: kind.functionName, limits: { callMs: exercise.limits.callMs, memoryMb: exercise.limits.memoryMb } }, log: say });
  if (!started.ok) return refuse(`${file}: ${started.reason}`);
  const { router } = started;
  try {
    const early = stoppedBy();
    if (early !== undefined) {
      say(`course serve: stopping (${early})`);
      return EXIT.ok;
    }
    let server;
    try {
      server = await kind.transports[listen ? 'http' : 'stdio'](router, listen, say);
    } catch (error) {
      return refuse(`cannot serve: ${(error as Error)?.message ?? String(error)}`);
    }
    const why = await Promise.race([signalled, server.ended]);
    say(`course serve: stopping (${why})`);
    await server.stop();
    return EXIT.ok;
  } finally {
    await router.close();
  }
}

export function registerServe(program: Command, exit: (code: ExitCode) => void): void {
  program
    .command('serve')
    .description("Serve a learner's router (a source file or an \"Export my work\" file) as an MCP server, in the grading sandbox.")
    .argument('<file>', 'the code: a .js or .ts file, or a .json work file')
    .option('--exercise <id>', 'the exercise the code answers; it must be a server (`serves` in its task.md)', 'mcp-server')
    .addOption(new Option('--stdio', 'serve on stdin and stdout (the default)'))
    .addOption(new Option('--http <[host:]port>', 'serve Streamable HTTP on http://host:port/mcp; host 127.0.0.1 unless an IP address is named; port 0 picks a free one'))
    .addOption(rootOption())
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, options: ServeOptions) => exit(await serve(file, options)));
}
