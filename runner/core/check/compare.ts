/**
 * Whether two implementations answered a case alike: call by call, both returned, and the values
 * are equal once the check's freedoms are taken out. Equal encodings are equal values, so most
 * answers of a correct submission are settled by comparing two strings; the rest are decoded.
 */
import type { DecodeFn } from '../codec/index.ts';
import type { Encoded } from '../codec/types.ts';
import { strictlyEqual } from '../strict-equal.ts';
import { normalized } from './freedoms.ts';
import type { CallSpec, Freedom, Outcome } from './types.ts';

/** The judge-realm value of a returned outcome. */
export function valueOf(outcome: Extract<Outcome, { kind: 'returned' }>, decode: DecodeFn): unknown {
  // JSON.parse keeps an own "__proto__" key as a key, as the decoder does.
  return outcome.plain ? (JSON.parse(outcome.text) as unknown) : decode(JSON.parse(outcome.text) as Encoded);
}

/** A call of a case as freedoms see it. */
export function callOf(spec: CallSpec): { name: string; args: readonly unknown[] } {
  const [name, ...args] = spec;
  return { name, args };
}

/** Whether `received` answers the case `calls` as `expected` does, up to `freedoms`. */
export function sameAnswers(received: readonly Outcome[], expected: readonly Outcome[], calls: readonly CallSpec[], freedoms: readonly Freedom[], decode: DecodeFn): boolean {
  if (received.length !== expected.length) return false;
  for (let i = 0; i < expected.length; i++) {
    const a = received[i] as Outcome;
    const b = expected[i] as Outcome;
    if (a.kind !== 'returned' || b.kind !== 'returned') {
      // Two implementations that both threw (only mutants do, never the reference) agree when
      // they threw the same error, as a learner reads it: its name and message.
      if (a.kind === 'threw' && b.kind === 'threw' && a.error.name === b.error.name && a.error.message === b.error.message) continue;
      return false;
    }
    if (a.text === b.text && a.plain === b.plain) continue;
    const call = callOf(calls[i] as CallSpec);
    if (!strictlyEqual(normalized(valueOf(a, decode), freedoms, call), normalized(valueOf(b, decode), freedoms, call))) return false;
  }
  return true;
}
