/**
 * `@course/check` for the exercises project: the tests file runs under plain vitest, and the
 * learner's functions (the reference solution, or the file COURSE_SUBMISSION names) and the
 * reference's are called directly. Same plans, comparisons and shrinking as the judge.
 */
import { directImplementation } from './direct-implementation.ts';
import { seedOf } from './generate.ts';
import { caseEncoder, judgeDecoder } from './judge-codec.ts';
import { checkModule } from './module.ts';

type Functions = Readonly<Record<string, ((...args: unknown[]) => unknown) | undefined>>;

export interface DirectCheckOptions {
  exerciseId: string;
  /** The tests file's text. */
  tests: string;
  learner: Functions;
  reference: Functions;
  currentTestName(): string;
}

export function directCheckModule(options: DirectCheckOptions): Record<string, unknown> {
  return checkModule({
    exerciseId: options.exerciseId,
    functions: Object.keys(options.reference),
    testsDigest: seedOf(options.tests),
    currentTestName: options.currentTestName,
    learner: directImplementation(options.learner),
    reference: directImplementation(options.reference),
    decode: judgeDecoder(),
    encodeCase: caseEncoder(),
  });
}

/** The names `@course/check` exports, for a module that re-exports them by name. */
export const CHECK_EXPORTS: readonly string[] = Object.keys(directCheckModule({ exerciseId: '', tests: '', learner: {}, reference: {}, currentTestName: () => '' }));
