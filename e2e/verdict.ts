/**
 * One run as the determinism suite compares it, the same in both hosts (the harness page builds
 * it in Chromium, the suite from `course grade`'s JSON): the run's status, each test's status and
 * name (and for a failed generated check, the smallest failing input it reports), for an examples
 * exercise which examples are invalid and which mistakes are caught by which example, and last
 * the known mistakes it is named as (runner/core/mistakes: none for a run a limit stopped).
 */
import type { RunResult } from '../runner/core/index.ts';

export type Verdict = string[];

export function verdictOf(result: RunResult): Verdict {
  const looksLike = (result.mistakes ?? []).map((m) => m.mutant);
  const report = result.examples;
  const examples = report
    ? [
        `examples: ${report.valid} of ${report.total} valid; invalid ${report.invalid.map((i) => `${i.example} ${i.reason}`).join(', ') || 'none'}`,
        `caught: ${report.caught.map((c) => `${c.mutant} by ${c.by}`).join(', ') || 'none'}; missed ${report.missed} of ${report.mutants}, ${report.threshold} needed`,
      ]
    : [];
  const tests = result.tests.map((t) => `${t.status} ${t.name}${t.generated && t.check?.input ? ` <- ${t.check.input}` : ''}`);
  return [result.status, ...tests, ...examples, `looks like: ${looksLike.join(', ')}`];
}
