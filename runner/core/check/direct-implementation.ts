/**
 * An implementation run by plain calls in this realm, for the exercises project, where the tests
 * file runs under vitest itself against the reference solution or a mutant (no sandbox there).
 * Its answers have the sandbox's form: each call gets fresh copies of its arguments, and each
 * return value is encoded as soon as the call returns, so a check compares the same answers.
 */
import { DEFAULT_CODEC_LIMITS, makeDecoder, makeEncoder, makeJsonWriter, type Encoded } from '../codec/index.ts';
import { makePlainJsonWriter } from '../codec/plain-json.ts';
import type { ThrownValue } from '../protocol.ts';
import { clientOf } from './client-peer.ts';
import type { Answers, Implementation, Outcome } from './types.ts';

type Functions = Readonly<Record<string, ((...args: unknown[]) => unknown) | undefined>>;

function thrownValue(e: unknown, encode: (v: unknown) => Encoded): ThrownValue {
  const value = encode(e);
  if (e instanceof Error) return { kind: 'error', name: e.name, message: e.message, value };
  return { kind: 'value', name: e === null ? 'null' : typeof e, message: String(e), value };
}

/** Parsed JSON arguments with the listed ones made undefined again (see CaseCall). */
function withUndefined(args: unknown[], undefinedAt: readonly number[] | undefined): unknown[] {
  for (const at of undefinedAt ?? []) args[at] = undefined;
  return args;
}

/** Runs cases by calling `functions` (by name) directly. */
export function directImplementation(functions: Functions): Implementation {
  const encodeWith = makeEncoder();
  const encode = (v: unknown) => encodeWith(v, DEFAULT_CODEC_LIMITS);
  const decode = makeDecoder();
  const write = makeJsonWriter();
  const plainJson = makePlainJsonWriter();
  return {
    async run(cases): Promise<Answers> {
      const answers: Outcome[][] = [];
      for (const calls of cases) {
        const outcomes: Outcome[] = [];
        for (const call of calls) {
          const fn = functions[call.name];
          try {
            if (typeof fn !== 'function') throw new TypeError(`${call.name} is not a function`);
            const args = 'json' in call ? withUndefined(JSON.parse(call.json) as unknown[], call.undefinedAt) : decode(call.args);
            const list = Array.isArray(args) ? args : [args];
            // The functions here take a client as the sandbox's do (client-peer.ts callHere): it goes back in.
            if (call.peer) list[call.peer.at] = clientOf(call.peer.script);
            const value = await fn(...list);
            const plain = plainJson(value, DEFAULT_CODEC_LIMITS.maxChars);
            outcomes.push(plain === undefined ? { kind: 'returned', text: write(encode(value)) } : { kind: 'returned', text: plain, plain: true });
          } catch (e) {
            outcomes.push({ kind: 'threw', error: thrownValue(e, encode) });
            break;
          }
        }
        answers.push(outcomes);
      }
      return { answers };
    },
  };
}
