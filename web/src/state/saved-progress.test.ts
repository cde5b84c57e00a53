import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { INVALID, readSavedProgress } from './saved-progress.ts';

/** The zod schema the readers replaced (progress-storage.ts before), kept here as their oracle. */
const exerciseSchema = z.object({
  code: z.optional(z.string()),
  codeBeforeReset: z.optional(z.string()),
  files: z.optional(z.record(z.string(), z.string())),
  filesBeforeReset: z.optional(z.record(z.string(), z.string())),
  passed: z.boolean(),
  hintsSeen: z.int().check(z.minimum(0)),
  solutionRevealed: z.boolean(),
});
const savedSchema = z.object({
  version: z.literal(1),
  exercises: z.record(z.string(), exerciseSchema),
  predictions: z.record(z.string(), z.object({ answer: z.string(), correct: z.boolean(), tries: z.optional(z.int().check(z.minimum(1))), revealed: z.optional(z.boolean()) })),
  questions: z.record(z.string(), z.object({ chosen: z.array(z.int().check(z.minimum(0))), correct: z.boolean() })),
});

// Values near every field's edge: each type, integers around each minimum, fractions, huge numbers.
const junk = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.boolean(),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(0.5, 1e300, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.constant(null),
  fc.constant({}),
  fc.array(fc.integer({ min: -1, max: 2 }), { maxLength: 3 }),
);
/** A field's value: usually of the right type, sometimes anything, sometimes absent. */
const field = <T>(right: fc.Arbitrary<T>) => fc.option(fc.oneof({ weight: 30, arbitrary: right }, { weight: 1, arbitrary: junk }), { nil: undefined, freq: 30 });
const texts = fc.dictionary(fc.constantFrom('a', 'b.js', 'x'), fc.oneof({ weight: 20, arbitrary: fc.string({ maxLength: 3 }) }, { weight: 1, arbitrary: junk }), { maxKeys: 2 });
/** An object of these fields, an absent one left out, sometimes with a field no schema names. */
const shape = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.tuple(fc.record(fields), fc.option(junk, { nil: undefined, freq: 3 })).map(([object, extra]) => {
    const out = Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
    return extra === undefined ? out : { ...out, extra };
  });
const byId = (item: fc.Arbitrary<unknown>) => fc.oneof({ weight: 20, arbitrary: fc.dictionary(fc.constantFrom('route', 'batches', 'the-router/q'), item, { maxKeys: 2 }) }, { weight: 1, arbitrary: junk });

const exercise = shape({
  code: field(fc.string({ maxLength: 3 })),
  codeBeforeReset: field(fc.string({ maxLength: 3 })),
  files: field(texts),
  filesBeforeReset: field(texts),
  passed: field(fc.boolean()),
  hintsSeen: field(fc.integer({ min: -1, max: 3 })),
  solutionRevealed: field(fc.boolean()),
});
const prediction = shape({ answer: field(fc.string({ maxLength: 3 })), correct: field(fc.boolean()), tries: field(fc.integer({ min: -1, max: 3 })), revealed: field(fc.boolean()) });
const question = shape({ chosen: field(fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 3 })), correct: field(fc.boolean()) });
const saved = fc.oneof(
  { weight: 20, arbitrary: shape({ version: field(fc.constantFrom(1, 1, 1, 2)), exercises: byId(exercise), predictions: byId(prediction), questions: byId(question) }) },
  { weight: 1, arbitrary: junk },
);

describe('saved progress', () => {
  it('accepts what the zod schema it replaced accepts, and returns the same value', () => {
    let accepted = 0;
    fc.assert(
      fc.property(saved, (value) => {
        const oracle = savedSchema.safeParse(value);
        const read = readSavedProgress(value, 1);
        expect(read === INVALID ? 'invalid' : read).toStrictEqual(oracle.success ? oracle.data : 'invalid');
        if (oracle.success) accepted++;
      }),
      { numRuns: 3_000, seed: 20261204 },
    );
    // The generated values reach both answers, not only rejections.
    expect(accepted).toBeGreaterThan(300);
  });

  it('keeps an exercise id "__proto__" as an id, not a prototype', () => {
    const data = JSON.parse('{"version":1,"exercises":{"__proto__":{"passed":true,"hintsSeen":0,"solutionRevealed":false}},"predictions":{},"questions":{}}') as unknown;
    const read = readSavedProgress(data, 1);
    expect(read !== INVALID && Object.hasOwn(read.exercises, '__proto__')).toBe(true);
    expect(read !== INVALID && Object.getPrototypeOf(read.exercises)).toBe(Object.prototype);
  });
});
