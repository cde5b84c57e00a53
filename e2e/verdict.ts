/**
 * One run as the determinism suite compares it, the same in both hosts (the harness page builds
 * it in Chromium, the suite from `course grade`'s JSON): the run's status, each test's status and
 * name, for an examples exercise which examples are invalid and which mistakes are caught by
 * which example, and last the known mistakes it looks like, as every report shows them
 * (runner/cli/shared/diagnosis.ts): none for a run that ended in an error (a loop, memory, a
 * throw while loading), whose failed tests say nothing of a mistake.
 */
import type { Misconception, RunResult } from '../runner/core/index.ts';
import { runCause } from '../runner/cli/shared/diagnosis.ts';

export type Verdict = string[];

export function verdictOf(result: RunResult, misconceptions: readonly Pick<Misconception, 'mutant' | 'exact' | 'score'>[]): Verdict {
  const looksLike = (runCause({ result }) ? [] : misconceptions).map((m) => `${m.mutant}${m.exact ? '' : ` ${m.score}`}`);
  const report = result.examples;
  const examples = report
    ? [
        `examples: ${report.valid} of ${report.total} valid; invalid ${report.invalid.map((i) => `${i.example} ${i.reason}`).join(', ') || 'none'}`,
        `caught: ${report.caught.map((c) => `${c.mutant} by ${c.by}`).join(', ') || 'none'}; missed ${report.missed} of ${report.mutants}, ${report.threshold} needed`,
      ]
    : [];
  return [result.status, ...result.tests.map((t) => `${t.status} ${t.name}`), ...examples, `looks like: ${looksLike.join(', ')}`];
}
