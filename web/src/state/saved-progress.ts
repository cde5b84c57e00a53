/**
 * The shape of saved progress (storage version 1), checked by small readers rather than a zod
 * schema: the page reads saved progress before its first render, and zod was 56 KB of the 424 KB
 * entry script that has to run before a lesson's text can paint (bench/README.md, section 3).
 * saved-progress.test.ts proves, on generated values, that it accepts what the zod schema it
 * replaced accepted and returns the same value (unknown fields dropped).
 */
import type { ExerciseProgress, PredictionProgress, Progress, QuestionProgress } from './progress.ts';

/** What a reader returns for a value of the wrong shape (`undefined` is an absent optional field). */
export const INVALID: unique symbol = Symbol('invalid');
type Reader<T> = (value: unknown) => T | typeof INVALID;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Reader<string> = (value) => (typeof value === 'string' ? value : INVALID);
const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID);
const integer =
  (min: number): Reader<number> =>
  (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min ? value : INVALID;
const literal =
  <T extends number>(expected: T): Reader<T> =>
  (value) =>
    value === expected ? expected : INVALID;
const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (value) =>
    value === undefined ? undefined : read(value);

function array<T>(read: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return INVALID;
    const out: T[] = [];
    for (const item of value) {
      const got = read(item);
      if (got === INVALID) return INVALID;
      out.push(got);
    }
    return out;
  };
}

/** An object of string keys; fromEntries defines own properties, so even "__proto__" stays a key. */
function record<T>(read: Reader<T>): Reader<Record<string, T>> {
  return (value) => {
    if (!isObject(value)) return INVALID;
    const out: [string, T][] = [];
    for (const [key, item] of Object.entries(value)) {
      const got = read(item);
      if (got === INVALID) return INVALID;
      out.push([key, got]);
    }
    return Object.fromEntries(out);
  };
}

/** An object with these fields; fields not named are dropped, as zod's objects drop them. */
function object<T>(fields: { [K in keyof T]-?: Reader<T[K]> }): Reader<T> {
  return (value) => {
    if (!isObject(value)) return INVALID;
    const out: Partial<T> = {};
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      const got = fields[key](value[key]);
      if (got === INVALID) return INVALID;
      if (got !== undefined) out[key] = got;
    }
    return out as T;
  };
}

const exercise = object<ExerciseProgress>({
  code: optional(string),
  codeBeforeReset: optional(string),
  // Exercises of several files came later: progress saved without them still loads.
  files: optional(record(string)),
  filesBeforeReset: optional(record(string)),
  passed: boolean,
  hintsSeen: integer(0),
  solutionRevealed: boolean,
});

// tries and revealed came later: progress saved without them still loads.
const prediction = object<PredictionProgress>({ answer: string, correct: boolean, tries: optional(integer(1)), revealed: optional(boolean) });

const question = object<QuestionProgress>({ chosen: array(integer(0)), correct: boolean });

/** Reads saved progress of `version`; INVALID when any part has the wrong shape. */
export function readSavedProgress(data: unknown, version: number): (Progress & { version: number }) | typeof INVALID {
  return object<Progress & { version: number }>({ version: literal(version), exercises: record(exercise), predictions: record(prediction), questions: record(question) })(data);
}
