/**
 * A run's generated checks: the `@course/check` module its tests file imports, over the run's
 * learner session, and the other implementations the run may open (the reference solution, for
 * every check; mutants, when a mistake is named), each in a sandbox of its own, opened on first
 * use and freed with the run, their answers kept across runs (answers-cache.ts).
 */
import type { DecodeFn } from '../codec/index.ts';
import { makeEncoder } from '../codec/index.ts';
import { codeText, type LearnerCode } from '../../content/index.ts';
import type { LearnerSession } from '../learner-session.ts';
import type { CodeJob } from '../runner-api.ts';
import type { SandboxHost } from '../sandbox.ts';
import { cachedFreshRuns, cachedImplementation } from './answers-cache.ts';
import type { DeclaredFreedom, FreedomVariation } from './derived-variant.ts';
import { freedomList } from './freedoms.ts';
import { seedOf } from './generate.ts';
import { caseEncoder } from './judge-codec.ts';
import { checkModule } from './module.ts';
import { sandboxImplementation } from './sandbox-implementation.ts';
import type { Freedom, Implementation } from './types.ts';

export interface RunChecksOptions {
  host: SandboxHost;
  exercise: CodeJob;
  session: LearnerSession;
  decode: DecodeFn;
  signal?: AbortSignal | undefined;
  /** Full name of the test running now. */
  currentTestName(): string;
  /** Shrink failing inputs (default true). */
  minimize?: boolean;
  /** A derived variant's run: the learner's answers (the reference's) go through this freedom. */
  variation?: FreedomVariation;
  /** `course check`: prove every generated case independent of the cases run before it (RunCheckOptions.independence). */
  independentCases?: boolean;
  /** Runs a crossing into one of the judge's sandboxes (the run's clock does not count it: RunClock.judging). */
  judging?: <T>(call: () => Promise<T>) => Promise<T>;
}

export interface RunChecks {
  /** The module `@course/check` for the tests file. */
  module: Record<string, unknown>;
  /** The freedoms every check of the run declared (by name, once each). */
  freedoms(): Freedom[];
  /** The freedoms the tests file declares with `taskFreedoms` (known once it is collected). */
  declared(): readonly DeclaredFreedom[] | undefined;
  /** An implementation other than the learner's, by its source: its own sandbox, opened on first use. */
  implementation(kind: 'reference' | `mutant ${string}`, source: LearnerCode): Implementation;
  dispose(): void;
}

const REFERENCE_MISSING = 'This check compares your code with the reference solution, which this build of the course does not ship; it runs when your work is graded.';

export function runChecks(options: RunChecksOptions): RunChecks {
  const { exercise, session, decode } = options;
  const opened: Implementation[] = [];
  const seen = new Map<string, Freedom>();
  let declared: readonly DeclaredFreedom[] | undefined;
  const learner = { run: (cases: Parameters<LearnerSession['runCases']>[0]) => session.runCases(cases) };
  const open = (source: LearnerCode, filename: string): Implementation => {
    // An implementation's calls get the whole call limit: they are not the learner's to spend.
    const made = sandboxImplementation({ host: options.host, exercise, source, filename, signal: options.signal, callLimit: () => Math.max(1, Math.floor(exercise.limits.callMs)), encode: makeEncoder(), decode });
    opened.push(made);
    const { judging } = options;
    return judging ? { run: (cases) => judging(() => made.run(cases)), ...(made.dispose ? { dispose: () => made.dispose?.() } : {}) } : made;
  };
  // The reference's answers are kept per case: `course check` proves each of its cases
  // independent of the cases before it. A mutant may keep state between calls (one that changes
  // its tool table when listing), so its answer to a case can depend on what it ran before: a
  // case's answer kept from another run made the checks a named mistake explains depend on what
  // was graded earlier. It runs each list of cases in a fresh sandbox, kept by the whole list.
  const implementation = (kind: 'reference' | `mutant ${string}`, source: LearnerCode): Implementation => {
    const id = `${exercise.id}\n${kind}\n${exercise.language}\n${codeText(source)}`;
    return kind === 'reference' ? cachedImplementation(id, () => open(source, `solution.${exercise.language}`)) : cachedFreshRuns(id, () => open(source, `${kind.slice('mutant '.length)}.${exercise.language}`));
  };
  const module = checkModule({
    exerciseId: exercise.id,
    functions: exercise.functions,
    testsDigest: seedOf(exercise.tests),
    currentTestName: options.currentTestName,
    learner: options.variation ? options.variation.implementation(learner, { decode, encode: makeEncoder() }) : learner,
    reference: exercise.solution === undefined ? { missing: REFERENCE_MISSING } : implementation('reference', exercise.solution),
    decode,
    encodeCase: caseEncoder(exercise.limits.callMs),
    ...(options.minimize === false ? { minimize: false } : {}),
    // Its own realm, never cached: the cases must run there, in their other order.
    ...(options.independentCases && exercise.solution !== undefined ? { independence: open(exercise.solution, `solution.${exercise.language}`) } : {}),
    onTaskFreedoms: (list) => {
      declared = list;
    },
    onCheck: (spec) => {
      for (const f of freedomList(spec.same)) if (!seen.has(f.name)) seen.set(f.name, f);
    },
  });
  return {
    module,
    freedoms: () => [...seen.values()],
    declared: () => declared,
    implementation,
    dispose() {
      for (const made of opened) made.dispose?.();
    },
  };
}
