/**
 * `npm run bench`: every benchmark section, one after the other (so they do not compete for the
 * machine), then one table of figures beside their same-run baselines. Not part of `npm test`.
 *
 *   npm run bench                          # all sections
 *   npm run bench -- --only grade,browser  # some of them: grade, browser, page, scaling, command, preview, serve
 *   npm run bench -- --quick               # smaller samples, to check the benchmark itself works
 *   npm run bench -- --json bench.json     # also write the rows, with raw numbers, as JSON
 *   npm run bench -- --only command,preview --before main   # also measure main's tree, same run
 *
 * Exits 1 when a section's correctness check failed (a verdict changed, shards disagreed), since
 * its figures then mean nothing; a missed goal is reported in the table, not as an exit status,
 * unless --strict is given.
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { formatReport, type BenchContext, type BenchSection, type SectionOptions } from './report.ts';

type Section = (ctx: BenchContext, options: SectionOptions) => Promise<BenchSection>;

const SECTIONS: Record<string, () => Promise<Section>> = {
  grade: async () => (await import('./throughput.ts')).benchThroughput,
  browser: async () => (await import('./browser-latency.ts')).benchBrowserLatency,
  page: async () => (await import('./first-content.ts')).benchPageAndFirstContent,
  scaling: async () => (await import('./scaling.ts')).benchScaling,
  command: async () => (await import('./course-command.ts')).benchCourseCommand,
  preview: async () => (await import('./live-preview.ts')).benchLivePreview,
  serve: async () => (await import('./serve-throughput.ts')).benchServe,
};

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    json: { type: 'string' },
    strict: { type: 'boolean', default: false },
    before: { type: 'string' },
  },
});
const names = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(SECTIONS);
const unknown = names.filter((n) => !(n in SECTIONS));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}.`);
  process.exit(2);
}

const ctx: BenchContext = { log: (line) => process.stderr.write(`${line}\n`) };
const started = performance.now();
const load0 = loadavg()[0] ?? 0;
const sections: BenchSection[] = [];
for (const name of names) {
  ctx.log(`\n== bench ${name} ==`);
  const section = await (await SECTIONS[name]!())(ctx, { quick: values.quick, ...(values.before ? { before: values.before } : {}) });
  sections.push(section);
  ctx.log(formatReport([section]));
}

const minutes = (performance.now() - started) / 60_000;
console.log(`\nnpm run bench${values.quick ? ' --quick (small samples: not figures to report)' : ''}: ${cpus().length} cores, Node ${process.version}, load average ${load0.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${minutes.toFixed(1)} min\n`);
console.log(formatReport(sections));
if (values.json) await writeFile(values.json, `${JSON.stringify({ quick: values.quick, sections }, null, 2)}\n`);

const failed = sections.flatMap((s) => s.failures);
const missed = sections.flatMap((s) => s.rows.filter((r) => r.goal && !r.goal.met));
if (failed.length) process.exitCode = 1;
else if (values.strict && missed.length) process.exitCode = 1;
