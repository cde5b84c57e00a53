/**
 * `course conform <file>`: the protocol's own conformance suite judges a learner's server. The
 * submission is served as `course serve --http` serves it (the grading sandbox, in a child
 * process, on an ephemeral loopback port), the suite's server scenarios run against it, and each
 * scenario is reported in the course's formats with the suite's own messages and the
 * specification's sections. Exit codes as `course grade`'s: 0 every scenario passed, 1 one failed,
 * 2 misuse or a submission that cannot be served.
 */
import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { EXIT, UsageError, type ExitCode } from '../shared/exit.ts';
import { formatOption, rootOption } from '../shared/options.ts';
import { checkOutPath } from '../shared/out-path.ts';
import { readRouterSource } from '../serve/read-router.ts';
import { servedExercise } from '../serve/serve.ts';
import { CONFORM_FORMATS, type ConformReport } from './formats.ts';
import { REVISIONS, runSuite, serverScenarios, SUITE_PACKAGE, unsupportedRevision, type Revision } from './suite.ts';

interface ConformOptions {
  exercise: string;
  scenario?: string[];
  revision: Revision;
  format: string;
  out?: string;
  root?: string;
}

/** The whole suite's run is stopped after this long: 30 scenarios take a few seconds, each bounded by the suite itself. */
const SUITE_TIMEOUT_MS = 10 * 60_000;
/** Lines of the server's log kept in the report. */
const LOG_LINES = 200;

const EXAMPLES = `
Examples:
  $ course conform jsonrpc-course-work-2026-12-01.json        # the capstone, every server scenario
  $ course conform route.js --scenario ping --scenario tools-list
  $ course conform route.js --format junit --out conformance.xml
  $ course conform route.js --revision 2026-07-28              # Node 22 or later: the newer suite's scenarios

The suite is ${SUITE_PACKAGE}: 0.1.12 judges 2025-11-25 on every Node; 0.2.0-alpha.12 judges
2026-07-28 and needs Node 22. Progress goes to stderr.
Exit status: 0 every scenario passed, 1 a scenario failed, 2 misuse or a file that cannot be served.`;

const say = (line: string) => process.stderr.write(`${line}\n`);

async function conform(file: string, options: ConformOptions): Promise<ExitCode> {
  if (options.out !== undefined) checkOutPath(options.out, '--out', 'conformance.xml');
  const cannot = unsupportedRevision(options.revision);
  if (cannot) throw new UsageError(cannot);
  const served = await servedExercise(options.root, options.exercise);
  if (typeof served === 'string') throw new UsageError(served);
  const { exercise, kind } = served;
  const code = readRouterSource(file, exercise);
  if (typeof code === 'string') throw new UsageError(code);

  if (options.scenario?.length) {
    const known = await serverScenarios(options.revision);
    if (typeof known === 'string') throw new UsageError(known);
    const unknown = options.scenario.filter((name) => !known.includes(name));
    if (unknown.length) throw new UsageError(`the conformance suite has no server scenario ${unknown.map((n) => `"${n}"`).join(', ')}; its scenarios are:`, [known.join(', ')]);
  }

  const log: string[] = [];
  const keep = (line: string) => {
    log.push(line);
    if (log.length > LOG_LINES) log.shift();
  };
  const { startRouterProcess } = await import('../../node/serve/router-process.ts');
  const started = await startRouterProcess({ code: { ...code, functionName: kind.functionName, limits: { callMs: exercise.limits.callMs, memoryMb: exercise.limits.memoryMb } }, log: keep });
  if (!started.ok) throw new UsageError(`${file}: ${started.reason}`);
  const { router } = started;
  try {
    let server;
    try {
      server = await kind.transports.http(router, undefined, keep);
    } catch (error) {
      throw new UsageError(`cannot serve ${file} on a loopback port: ${(error as Error)?.message ?? String(error)}`);
    }
    const { url } = server;
    try {
      say(`course conform: serving ${file} on ${url}; the conformance suite is running`);
      const start = Date.now();
      const run = await runSuite({ url, scenarios: options.scenario ?? [], timeoutMs: SUITE_TIMEOUT_MS, revision: options.revision });
      if (typeof run === 'string') throw new UsageError(run);
      const passed = run.scenarios.filter((s) => s.status === 'pass').length;
      const report: ConformReport = {
        suite: { name: SUITE_PACKAGE, version: run.version, revision: options.revision },
        exercise: exercise.id,
        file,
        scenarios: run.scenarios,
        summary: { scenarios: run.scenarios.length, passed, failed: run.scenarios.length - passed },
        serverLog: log.filter((line) => !line.startsWith('course serve: listening on ')),
        seconds: (Date.now() - start) / 1000,
      };
      const text = await (CONFORM_FORMATS[options.format] ?? CONFORM_FORMATS.text)!(report);
      if (options.out !== undefined) {
        writeFileSync(options.out, text);
        say(`course conform: ${passed} of ${report.summary.scenarios} scenarios passed; the report is in ${options.out}`);
      } else process.stdout.write(text);
      return report.summary.failed ? EXIT.failed : EXIT.ok;
    } finally {
      await server.stop();
    }
  } finally {
    await router.close();
  }
}

export function registerConform(program: Command, exit: (code: ExitCode) => void): void {
  program
    .command('conform')
    .description(`Judge a learner's MCP server with the protocol's own conformance suite (${SUITE_PACKAGE}), served as course serve --http serves it.`)
    .argument('<file>', 'the code: a .js or .ts file, a folder of files, or a .json work file')
    .option('--exercise <id>', 'the exercise the code answers; it must be a server (`serves` in its task.md)', 'mcp-server')
    .addOption(new Option('--scenario <name>', 'run this scenario only (repeat for more); every server scenario by default').argParser((name: string, names: string[] = []) => [...names, name]))
    .addOption(new Option('--revision <date>', 'the protocol revision whose scenarios run').choices([...REVISIONS]).default(REVISIONS[0]))
    .addOption(formatOption(Object.keys(CONFORM_FORMATS)))
    .option('--out <file>', 'write the report to this file instead of stdout')
    .addOption(rootOption())
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, options: ConformOptions) => exit(await conform(file, options)));
}
