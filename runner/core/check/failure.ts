/**
 * How a generated check failed, as data the judge turns into the test's result (report.ts): the
 * smallest input found, what a correct implementation answers and what the learner's answered,
 * and the evidence a known mistake must match before it is named (diagnose.ts).
 */
import type { ErrorCause, SourcePlace } from '../result.ts';
import type { CallSpec, EncodedCase, Freedom, Outcome } from './types.ts';

/** One failing case: its calls (judge values and as sent) and the learner's answers. */
export interface FailingCase {
  calls: readonly CallSpec[];
  encoded: EncodedCase;
  received: readonly Outcome[];
}

export interface CheckFailureFacts {
  /** The failure in a few lines for authors (plain vitest prints it): input, both answers. */
  summary: string;
  /** `differs`: the learner's answers differ; `fault`: their code timed out, ran out of memory or crashed on this input. */
  kind: 'differs' | 'fault';
  /** The smallest failing case found (for a fault: the case it happened on, not shrunk). */
  smallest: FailingCase;
  /** What the reference answered to `smallest` (for a fault too). */
  expected: readonly Outcome[];
  /** For a fault: what happened, in the course's words. */
  fault?: { message: string; cause: ErrorCause; place?: SourcePlace };
  /** Failing generated cases before shrinking (a few), for naming a known mistake. */
  failing: readonly FailingCase[];
  /** 0-based index of the first generated case that failed. */
  firstIndex: number;
  /** Cases generated, the seed, and the shrinking steps taken from the first failure. */
  runs: number;
  seed: number;
  steps: number;
  /** The check's freedoms (judge-side objects: they normalize answers for the report). */
  freedoms: readonly Freedom[];
}

/** Thrown by a generated check's test body; the judge reads `facts`. */
export class CheckFailure extends Error {
  constructor(readonly facts: CheckFailureFacts) {
    super(facts.summary);
    this.name = 'CheckFailure';
  }
}
