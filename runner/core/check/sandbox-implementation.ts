/**
 * An implementation other than the learner's (the reference solution, a mutant) as the judge
 * runs it: its own sandbox, opened on first use, the same host, codec and limits as the
 * learner's code, so its answers are what that code would get in its place.
 */
import type { DecodeFn, EncodeFn } from '../codec/index.ts';
import { LearnerSession } from '../learner-session.ts';
import type { LearnerCode } from '../../content/index.ts';
import { prepareCode } from '../prepare-modules.ts';
import type { CodeJob } from '../runner-api.ts';
import type { SandboxHost } from '../sandbox.ts';
import type { Answers, Implementation } from './types.ts';

export interface SandboxImplementationOptions {
  host: SandboxHost;
  exercise: CodeJob;
  /** Its source text, as a learner's would be. */
  source: LearnerCode;
  /** Shown in its stack traces. */
  filename: string;
  signal?: AbortSignal | undefined;
  callLimit: () => number;
  encode: EncodeFn;
  decode: DecodeFn;
}

export function sandboxImplementation(options: SandboxImplementationOptions): Implementation {
  let session: Promise<LearnerSession | { failed: { message: string; cause: 'syntax' } }> | undefined;
  let opened: LearnerSession | undefined;
  const open = async () => {
    const prepared = await prepareCode(options.source, options.exercise.language, options.filename);
    if (!prepared.ok) return { failed: { message: prepared.message, cause: 'syntax' as const } };
    opened = new LearnerSession({ ...options, prepared });
    return opened;
  };
  return {
    async run(cases): Promise<Answers> {
      const s = await (session ??= open());
      return 'failed' in s ? s : s.runCases(cases);
    },
    dispose() {
      opened?.dispose();
    },
  };
}
