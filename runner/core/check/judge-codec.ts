/**
 * The judge's side of the codec for generated checks, shared by the sandboxed judge (grade.ts)
 * and the exercises project (direct.ts), so both read answers and send inputs alike.
 */
import { DEFAULT_CODEC_LIMITS, LearnerFunction, makeDecoder, makeEncoder, TooDeep, Unreadable, type DecodeFn } from '../codec/index.ts';
import { DEFAULT_WAIT_MS, peerArguments } from './client-peer.ts';
import type { CallSpec, EncodedCase } from './types.ts';

/** Decodes what learner code returned into judge-realm values (functions as descriptions). */
export function judgeDecoder(): DecodeFn {
  return makeDecoder({ markers: { Unreadable, TooDeep }, describeFunction: (fn, isClass, isAsync) => new LearnerFunction(fn, isClass, isAsync) });
}

/**
 * Whether JSON.parse(JSON.stringify(value)) gives `value` back exactly: null, booleans, strings,
 * finite numbers but -0, arrays without holes, and objects of Object.prototype whose own keys
 * are enumerable strings holding such values (an own `__proto__` key included: JSON.parse makes
 * it an own key again), each object met once. Judge-realm values only (generated inputs, a
 * test's arguments).
 */
export function isPlainJson(value: unknown, depth = 0, seen: Set<object> = new Set()): boolean {
  if (depth > 100) return false;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  // JSON cannot say that two places hold one object: a shared one goes through the encoder.
  if (seen.has(value)) return false;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i], depth + 1, seen)) return false;
    return Object.keys(value).length === value.length;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype || Object.getOwnPropertySymbols(value).length > 0) return false;
  for (const key of Object.getOwnPropertyNames(value)) {
    const desc = Object.getOwnPropertyDescriptor(value, key);
    if (!desc || !desc.enumerable || !('value' in desc) || !isPlainJson(desc.value, depth + 1, seen)) return false;
  }
  return true;
}

/**
 * A call's arguments as JSON text, when they are plain JSON data but for arguments that are
 * `undefined` at the top (written `null` and listed); undefined when the encoder must carry them.
 */
export function jsonArguments(args: readonly unknown[]): { json: string; undefinedAt?: number[] } | undefined {
  const undefinedAt: number[] = [];
  args.forEach((a, i) => {
    if (a === undefined) undefinedAt.push(i);
  });
  const written = undefinedAt.length ? args.map((a) => (a === undefined ? null : a)) : args;
  if (!isPlainJson(written)) return undefined;
  return undefinedAt.length ? { json: JSON.stringify(written), undefinedAt } : { json: JSON.stringify(written) };
}

// The calls of each case as the tests file wrote them, by the case's encoding: a derived variant
// (derived-variant.ts) varies its answers per call, and what crosses into a sandbox is the encoding.
const callsOfCases = new WeakMap<EncodedCase, readonly CallSpec[]>();

/** The calls a case was encoded from by {@link caseEncoder}. */
export function callsOfCase(encoded: EncodedCase): readonly CallSpec[] | undefined {
  return callsOfCases.get(encoded);
}

/**
 * Encodes a case's calls as they cross into a sandbox: each call's arguments on their own, a
 * client among them sent as the call's peer (client-peer.ts), with `waitMs` as its call limit.
 */
export function caseEncoder(waitMs = DEFAULT_WAIT_MS): (calls: readonly CallSpec[]) => EncodedCase {
  const encode = makeEncoder();
  return (calls) => {
    const encoded: EncodedCase = calls.map(([name, ...given]) => {
      const { args, peer } = peerArguments(given, waitMs);
      const json = jsonArguments(args);
      const call = json ? { name, ...json } : { name, args: encode(args, DEFAULT_CODEC_LIMITS) };
      return peer ? { ...call, peer } : call;
    });
    callsOfCases.set(encoded, calls);
    return encoded;
  };
}
