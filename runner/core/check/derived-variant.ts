/**
 * The freedoms a task grants, declared once per tests file with the task sentence that grants
 * each (`taskFreedoms([[errorMessage, 'a short, non-empty `message` of your choice'], ...])`), and
 * the derived variants that prove them: the reference solution graded with every answer passed
 * through one freedom's `vary` (another message, a `data` member added, a batch reversed), so
 * that every check, hand-written ones included, is shown to accept what the task lets differ.
 * `course check` grades one derived variant per declared freedom (GradeRequest.vary); a check
 * that fails one is stricter than the task.
 */
import { DEFAULT_CODEC_LIMITS, type DecodeFn, type EncodeFn } from '../codec/index.ts';
import { TestsFileError } from '../collect.ts';
import { strictlyEqual } from '../strict-equal.ts';
import { callOf, valueOf } from './compare.ts';
import { normalized } from './freedoms.ts';
import { callsOfCase, isPlainJson } from './judge-codec.ts';
import type { CallSpec, EncodedCase, Freedom, Implementation, Outcome } from './types.ts';

/** A freedom of the task, with the sentence of task.md that grants it. */
export interface DeclaredFreedom {
  freedom: Freedom;
  /** Words of the task text that grant it, as written there (whitespace aside): `course check` finds each in task.md. */
  grants: readonly string[];
}

type Call = { name: string; args: readonly unknown[] };

const USAGE = "taskFreedoms([[errorMessage, 'the words of task.md that grant it'], [batchOrder, ['one sentence', 'another']], ...])";

/** The argument of `taskFreedoms(...)`, checked: misuse throws with the fix. */
export function declaredFreedoms(list: unknown): DeclaredFreedom[] {
  if (!Array.isArray(list) || list.length === 0) throw new TestsFileError(`taskFreedoms takes a non-empty list of [freedom, task sentence] pairs: ${USAGE}.`);
  const names = new Set<string>();
  return list.map((entry: unknown) => {
    const [freedom, words] = Array.isArray(entry) ? (entry as unknown[]) : [];
    const f = freedom as Partial<Freedom> | undefined;
    const grants: unknown[] = Array.isArray(words) ? words : [words];
    if (!f || typeof f.name !== 'string' || typeof f.normalize !== 'function' || grants.length === 0 || grants.some((g) => typeof g !== 'string' || g.trim() === '')) {
      throw new TestsFileError(`taskFreedoms: each entry is a pair [freedom, the words of task.md that grant it (one text or several)], as in ${USAGE}.`);
    }
    if (names.has(f.name)) throw new TestsFileError(`taskFreedoms: the freedom "${f.name}" is declared twice; declare each once.`);
    names.add(f.name);
    return { freedom: f as Freedom, grants: grants as string[] };
  });
}

/** One derived variant's run: varies answers through the named freedom and counts what it changed. */
export class FreedomVariation {
  /** Answers that came out different from the reference's own. */
  varied = 0;

  /**
   * @param declared the freedoms the tests file declared (known once the file is collected)
   * @param name the freedom to vary
   */
  constructor(
    private readonly declared: () => readonly DeclaredFreedom[] | undefined,
    readonly name: string,
  ) {}

  /** The task's freedoms and the one to vary, found once the tests file has declared them. */
  private found: { freedoms: Freedom[]; at: number } | undefined;

  private freedoms(): { freedoms: Freedom[]; at: number } {
    if (this.found) return this.found;
    const freedoms = (this.declared() ?? []).map((d) => d.freedom);
    const at = freedoms.findIndex((f) => f.name === this.name);
    const own = freedoms[at];
    if (!own) throw new TestsFileError(`There is no declared freedom named "${this.name}" to vary (declared: ${freedoms.map((f) => f.name).join(', ') || 'none'}).`);
    if (!own.vary) throw new TestsFileError(`The freedom "${this.name}" has no vary, so no derived variant can prove that the checks accept it: give it vary(value, call).`);
    this.found = { freedoms, at };
    return this.found;
  }

  /** `value` as the derived variant answers, checked to be the same answer under the task's freedoms. */
  answer(value: unknown, call: Call): unknown {
    const { freedoms, at } = this.freedoms();
    const own = freedoms[at] as Freedom;
    // Through the form the freedoms before it give (JSON text as the object it holds).
    let apply = (v: unknown): unknown => (own.vary as NonNullable<Freedom['vary']>)(v, call);
    for (let i = at - 1; i >= 0; i--) {
      const outer = freedoms[i] as Freedom;
      if (!outer.inside) continue;
      const inner = apply;
      apply = (v) => (outer.inside as NonNullable<Freedom['inside']>)(v, inner);
    }
    const varied = apply(value);
    if (Object.is(varied, value) || strictlyEqual(varied, value)) return value;
    if (!strictlyEqual(normalized(varied, freedoms, call), normalized(value, freedoms, call))) {
      throw new TestsFileError(`The freedom "${this.name}" varied an answer into one the task's freedoms do not count as the same: its vary must stay within what its normalize takes out.`);
    }
    this.varied += 1;
    return varied;
  }

  /** The learner's functions as hand-written tests call them, answering as the derived variant. */
  functions<F extends (...args: unknown[]) => Promise<unknown>>(functions: Readonly<Record<string, F>>): Record<string, (...args: unknown[]) => Promise<unknown>> {
    const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const [name, fn] of Object.entries(functions)) out[name] = async (...args: unknown[]) => this.answer(await fn(...args), { name, args });
    return out;
  }

  /** An implementation whose returned answers go through the freedom, for generated checks. */
  implementation(inner: Implementation, codec: { decode: DecodeFn; encode: EncodeFn }): Implementation {
    return {
      run: async (cases) => {
        const got = await inner.run(cases);
        if (!('answers' in got)) return got;
        const answers = got.answers.map((outcomes, i) => {
          const calls = callsOfCase(cases[i] as EncodedCase);
          if (!calls) throw new Error('FreedomVariation: a case reached the derived variant without its calls; encode cases with caseEncoder (judge-codec.ts).');
          return outcomes.map((o, j) => (o.kind === 'returned' ? this.outcome(o, callOf(calls[j] as CallSpec), codec) : o));
        });
        return { answers };
      },
      ...(inner.dispose ? { dispose: () => inner.dispose?.() } : {}),
    };
  }

  private outcome(outcome: Extract<Outcome, { kind: 'returned' }>, call: Call, codec: { decode: DecodeFn; encode: EncodeFn }): Outcome {
    const value = valueOf(outcome, codec.decode);
    const varied = this.answer(value, call);
    if (varied === value) return outcome;
    return isPlainJson(varied) ? { kind: 'returned', text: JSON.stringify(varied), plain: true } : { kind: 'returned', text: JSON.stringify(codec.encode(varied, DEFAULT_CODEC_LIMITS)) };
  }
}
