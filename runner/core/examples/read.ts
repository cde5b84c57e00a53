/**
 * Reading the learner's examples. Their code runs in a sandbox like any submission, once, only to
 * give up its `examples` list as data (through the codec); every check of the examples then runs
 * on that copy, so nothing the learner's code does can see or steer an implementation under test.
 */
import { LearnerFunction, TooDeep, Unreadable } from '../codec/index.ts';
import type { InvalidExample } from '../result.ts';

/**
 * The top-level name the examples are read from. The content model requires it of reference
 * examples (`EXAMPLES_NAME` in runner/content); kept here as well so the core, which runs in the
 * page, does not import the content loaders (read.test.ts checks the two agree).
 */
export const EXAMPLES_NAME = 'examples';

/** Function appended to the learner's script that hands over `examples` (called like a test calls learner code). */
export const READER = '__courseReadExamples';

/**
 * Appended to the learner's text, after its last line, so every line and column of theirs stays
 * put. In the same evaluation as their code, so it sees a top-level `const examples` too.
 */
export const READER_TRAILER = `\n;function ${READER}() { return typeof ${EXAMPLES_NAME} === 'undefined' ? undefined : typeof ${EXAMPLES_NAME} === 'function' ? ${EXAMPLES_NAME}() : ${EXAMPLES_NAME}; }\n`;

/** The module through which the judge's fixed tests (below) get their data. */
export const EXAMPLES_MODULE = '@course/examples';

/** Tests that read the examples: one call of the reader, its value kept by the judge. */
export const READ_TESTS = `import { describe, it } from 'vitest';
import { ${READER} } from '@course/learner';
import { keep } from '${EXAMPLES_MODULE}';
describe('examples', () => {
  it('reads your examples', async () => {
    keep(await ${READER}());
  });
});
`;

/**
 * Tests that run the examples against one implementation, one test per example, in order and
 * against one load of it (as any tests do). The data and the comparison come from the judge.
 */
export const CHECK_TESTS = `import { describe, it, expect } from 'vitest';
import * as implementation from '@course/learner';
import { cases, call, agrees, answered } from '${EXAMPLES_MODULE}';
describe('examples', () => {
  for (const c of cases) {
    it('example ' + c.example, async () => {
      const got = await implementation[call](c.input);
      answered(c.example, got);
      expect(agrees(c.reply, got)).toBe(true);
    });
  }
});
`;

/** Most examples run: each one runs once per mutant, and a page waits for them. */
export const MAX_EXAMPLES = 50;

/** One well-formed example: its position in the learner's list, the argument and the reply it expects. */
export interface ExampleCase {
  example: number;
  input: unknown;
  reply: unknown;
}

export type ReadExamples =
  /** Not a list of examples at all: the run ends with this sentence. */
  | { ok: false; message: string; cause: 'no-examples' | 'too-large' }
  | { ok: true; total: number; cases: ExampleCase[]; malformed: InvalidExample[] };

export interface ParseOptions {
  /** Key of the argument, e.g. `message`. */
  input: string;
  /** Name of the function the examples call, for sentences. */
  fn: string;
}

const DATA = 'examples are data: objects, arrays, strings, numbers, booleans and null';

/** What in `value` is not plain data, in words ("a function"), or undefined when all of it is. */
function notData(value: unknown, seen = new Set<unknown>(), depth = 0): string | undefined {
  if (value === null || value === undefined) return undefined;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return undefined;
    case 'bigint':
      return 'a BigInt';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
  }
  if (value instanceof LearnerFunction) return 'a function';
  if (value instanceof Unreadable || value instanceof TooDeep) return 'a value that cannot be read';
  if (seen.has(value) || depth > 50) return 'an object that contains itself';
  const proto = Object.getPrototypeOf(value) as unknown;
  const plain = Array.isArray(value) || proto === Object.prototype || proto === null;
  if (!plain) return `an object of another kind (${Object.prototype.toString.call(value).slice(8, -1)})`;
  seen.add(value);
  if (Object.getOwnPropertySymbols(value).length > 0) return 'a key that is a symbol';
  for (const item of Object.values(value as object)) {
    const problem = notData(item, seen, depth + 1);
    if (problem) return problem;
  }
  seen.delete(value);
  return undefined;
}

/** The examples in the value the learner's `examples` gave, checked one by one. */
export function parseExamples(value: unknown, options: ParseOptions): ReadExamples {
  const { input, fn } = options;
  const shape = `{ ${input}: ..., reply: ... }`;
  if (value === undefined) {
    return { ok: false, cause: 'no-examples', message: `Your code needs a top-level \`${EXAMPLES_NAME}\` list, one ${shape} for each example: \`const ${EXAMPLES_NAME} = [${shape}];\`. Define it and run again.` };
  }
  if (!Array.isArray(value)) {
    return { ok: false, cause: 'no-examples', message: `\`${EXAMPLES_NAME}\` must be a list (an array) of examples, each ${shape}. Write it as \`const ${EXAMPLES_NAME} = [...]\` and run again.` };
  }
  if (value.length === 0) {
    return { ok: false, cause: 'no-examples', message: `Your \`${EXAMPLES_NAME}\` list is empty: add an example, ${shape}, for a ${input} the task describes, and run again.` };
  }
  if (value.length > MAX_EXAMPLES) {
    return { ok: false, cause: 'too-large', message: `Your \`${EXAMPLES_NAME}\` list has ${value.length} examples; at most ${MAX_EXAMPLES} are run. Keep the ones that each show something different, and run again.` };
  }
  const cases: ExampleCase[] = [];
  const malformed: InvalidExample[] = [];
  value.forEach((item: unknown, i) => {
    const example = i + 1;
    const bad = (message: string) => malformed.push({ example, reason: 'malformed', message });
    const proto = item !== null && typeof item === 'object' ? (Object.getPrototypeOf(item) as unknown) : undefined;
    if (proto !== Object.prototype && proto !== null) {
      return bad(`Your example ${example} is not written as an example: write it as ${shape}.`);
    }
    const record = item as Record<string, unknown>;
    const extra = Object.keys(record).find((k) => k !== input && k !== 'reply');
    if (!(input in record)) return bad(`Your example ${example} has no \`${input}\`: give the ${input} ${fn} receives, as ${shape}.`);
    if (!('reply' in record)) return bad(`Your example ${example} has no \`reply\`: give what a correct ${fn} must return for it (null when it returns nothing).`);
    if (extra !== undefined) return bad(`Your example ${example} has a key \`${extra}\` that examples do not use: an example holds \`${input}\` and \`reply\`, nothing else.`);
    for (const part of [input, 'reply']) {
      const problem = notData(record[part]);
      if (problem) return bad(`Your example ${example} holds ${problem} in its ${part}, but ${DATA}.`);
    }
    cases.push({ example, input: record[input], reply: record.reply });
  });
  return { ok: true, total: value.length, cases, malformed };
}
