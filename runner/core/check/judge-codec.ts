/**
 * The judge's side of the codec for generated checks, shared by the sandboxed judge (grade.ts)
 * and the exercises project (direct.ts), so both read answers and send inputs alike.
 */
import { DEFAULT_CODEC_LIMITS, LearnerFunction, makeDecoder, makeEncoder, TooDeep, Unreadable, type DecodeFn } from '../codec/index.ts';
import type { CallSpec, EncodedCase } from './types.ts';

/** Decodes what learner code returned into judge-realm values (functions as descriptions). */
export function judgeDecoder(): DecodeFn {
  return makeDecoder({ markers: { Unreadable, TooDeep }, describeFunction: (fn, isClass, isAsync) => new LearnerFunction(fn, isClass, isAsync) });
}

/** Encodes a case's calls as they cross into a sandbox: each call's arguments on their own. */
export function caseEncoder(): (calls: readonly CallSpec[]) => EncodedCase {
  const encode = makeEncoder();
  return (calls) => calls.map(([name, ...args]) => ({ name, args: encode(args, DEFAULT_CODEC_LIMITS) }));
}
