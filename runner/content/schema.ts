/**
 * One zod schema per content kind. Every field is described: the descriptions feed the JSON
 * Schemas exported for editors (`npm run schemas`) and the diagnostics of `course check`.
 */
import { z } from 'zod';
import { LEARNER_FILE_NAME } from './learner-files.ts';

const kebabId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single dashes (kebab-case)');

const identifier = z
  .string()
  .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be a JavaScript identifier');

/** One of the learner's files in an exercise of several (front matter `files`). */
export const learnerFileSchema = z
  .object({
    name: z
      .string()
      .regex(LEARNER_FILE_NAME, 'must be a plain file name ending in .js or .ts (letters, digits, "-", "_", ".")')
      .describe('The file name the learner sees in the editor\'s tab and in messages, e.g. `table.js`; the exercise\'s files are starter/<name>, solution/<name>, and mutants/<mutant>/<name> or variants/<variant>/<name> for the files those change.'),
    readonly: z.boolean().default(false).describe('The learner reads the file but cannot change it (it is the same in the starter and the solution).'),
    open: z.boolean().default(false).describe('The tab that opens first; at most one file says so (default: the first editable file).'),
  })
  .strict()
  .describe('One of the learner\'s files.');

/** Time and memory limits of one exercise; defaults suit small routers. */
export const limitsSchema = z
  .object({
    callMs: z
      .number()
      .int()
      .min(10)
      .max(30_000)
      .default(1000)
      .describe('Longest time one call into learner code may take, in milliseconds, before it is stopped as a timeout.'),
    runMs: z
      .number()
      .int()
      .min(100)
      .max(120_000)
      .default(10_000)
      .describe('Longest time a whole run (all tests) may take, in milliseconds; tests left over are reported as not run.'),
    memoryMb: z
      .number()
      .int()
      .min(8)
      .max(512)
      .default(64)
      .describe('Heap cap for learner code, in megabytes.'),
  })
  .strict()
  .describe('Time and memory limits for learner code.');

/** Fields every exercise has, whatever its kind: these come first... */
const exerciseHead = {
  type: z.literal('exercise').default('exercise').describe('Content kind; always "exercise".'),
  id: kebabId.describe('Stable id of the exercise; must equal its folder name under exercises/.'),
  title: z.string().min(1).describe('Title shown above the task.'),
  lesson: kebabId.describe('Id of the lesson this exercise belongs to (front matter `id` of a file in lessons/).'),
};

/** ...and these last. */
const exerciseTail = {
  hints: z
    .array(z.string().min(1))
    .default([])
    .describe('Hints in the order they are revealed, one at a time; Markdown allowed.'),
  limits: limitsSchema.default({ callMs: 1000, runMs: 10_000, memoryMb: 64 }),
};

/**
 * What a code exercise can be served as (`serves`), with the function of `functions` that
 * answers each message: `course serve` and the content checks both read it from here.
 */
export const SERVED_AS = { mcp: { functionName: 'route' } } as const;

/** A code exercise: the learner writes functions, the tests in tests.test.js judge them. */
export const codeExerciseFrontMatterSchema = z
  .object({
    ...exerciseHead,
    kind: z
      .literal('code', { error: 'must be "code" (the default) or "examples"' })
      .default('code')
      .describe('Exercise kind: "code" (the default) for an exercise where the learner writes the functions and tests.test.js checks them.'),
    language: z
      .enum(['js', 'ts'])
      .default('js')
      .describe('Language of the starter, the solution, the mutants and the learner\'s editor: "js" or "ts".'),
    functions: z
      .array(identifier)
      .min(1)
      .describe('Names the learner must define at the top level of their code; tests import them from "@course/learner".'),
    files: z
      .array(learnerFileSchema)
      .min(2, 'lists the files of an exercise of several; an exercise of one file leaves `files` out (starter.js and solution.js)')
      .optional()
      .describe(
        'The learner\'s files, for an exercise of several, in the order of the editor\'s tabs: each is in starter/ and solution/, and the files may import each other (`import { table } from \'./table.js\'`). Absent (the default): one file, starter.<language> and solution.<language>.',
      ),
    serves: z
      .enum(Object.keys(SERVED_AS) as [keyof typeof SERVED_AS])
      .optional()
      .describe(
        'What `course serve` may run the learner\'s code as, when it is a whole server: "mcp" for a router `route(msg)` (listed in `functions`) that answers every MCP message, served over stdio or Streamable HTTP. Absent (the default): the exercise is a part of a server, not one to serve.',
      ),
    ...exerciseTail,
  })
  .strict()
  .describe('Front matter of a code exercise (kind: code, the default).');

/**
 * How an example's expected reply is compared with what an implementation returned; each name
 * is a row of runner/core/examples/compare.ts.
 */
export const exampleComparisons = ['exact', 'jsonrpc-text'] as const;

/**
 * An examples exercise: the learner writes input/reply examples for a function of another
 * exercise, before writing it. Each example must agree with that exercise's reference solution
 * (else it is invalid) and, together, they should catch its mutants.
 */
export const examplesExerciseFrontMatterSchema = z
  .object({
    ...exerciseHead,
    kind: z
      .literal('examples')
      .describe('Exercise kind: "examples" for an exercise where the learner writes examples that the reference solution and the mutants of the exercise `of` are run against.'),
    language: z
      .enum(['js', 'ts'])
      .default('js')
      .describe('Language of the learner\'s examples file (the starter and the reference examples in solution.<language>): "js" or "ts".'),
    of: kebabId.describe('Id of the code exercise whose reference solution and mutants the examples run against; nothing of it is copied.'),
    function: identifier
      .optional()
      .describe('The function of `of` each example calls; required only when `of` lists more than one in `functions`.'),
    input: identifier
      .default('message')
      .describe('Key of each example that holds the argument passed to the function, e.g. "message" for `{ message, reply }` (the default) or "text".'),
    compare: z
      .enum(exampleComparisons)
      .default('exact')
      .describe(
        'How an example\'s reply is compared with what the function returned: "exact" (the default: the same value, keys set to undefined and types included, as toStrictEqual) or "jsonrpc-text" (the function returns JSON text; both sides are compared parsed, the responses of a batch in any order, an error\'s message as any non-empty string).',
      ),
    threshold: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('How many of the mutants of `of` the examples must catch to pass; every one when absent.'),
    ...exerciseTail,
  })
  .strict()
  .describe('Front matter of an examples exercise (kind: examples).');

/**
 * Either kind, told apart by `kind`: the type of every loaded exercise, and the JSON Schema
 * editors get. The loader validates with the kind's own schema (exercise.ts), so a problem is
 * reported with its own field's description.
 */
export const exerciseFrontMatterSchema = z
  .discriminatedUnion('kind', [codeExerciseFrontMatterSchema, examplesExerciseFrontMatterSchema], { error: 'must be "code" (the default) or "examples"' })
  .describe('Front matter of exercises/<id>/task.md.');

export const specLinkSchema = z
  .object({
    title: z.string().min(1).describe('What the link covers, e.g. "JSON-RPC 2.0: 5.1 Error object".'),
    url: z.url().describe('Address of the specification section.'),
  })
  .strict();

export const lessonFrontMatterSchema = z
  .object({
    type: z.literal('lesson').default('lesson').describe('Content kind; always "lesson".'),
    id: kebabId.describe('Stable id of the lesson, used in its URL and by exercises\' `lesson` field.'),
    title: z.string().min(1).describe('Title of the lesson.'),
    order: z.number().int().min(1).describe('Position of the lesson in the course, from 1.'),
    summary: z.string().min(1).describe('One or two sentences shown on the course home page.'),
    specs: z
      .array(specLinkSchema)
      .default([])
      .describe('Specification sections the lesson relies on, listed under the lesson.'),
  })
  .strict()
  .describe('Front matter of a lesson file lessons/<order>-<id>.md.');

/** One generated mutant of the reference solution that no test can kill, and why. */
export const equivalentMutantSchema = z
  .object({
    mutator: z
      .string()
      .regex(/^[A-Za-z]+$/, 'must be a Stryker mutator name')
      .describe('Stryker mutator that made the mutant, e.g. `ConditionalExpression`, as `course check --mutate` prints it.'),
    original: z
      .string()
      .min(1)
      .describe('The code of the solution that the mutant changes, with each run of whitespace written as one space.'),
    replacement: z.string().min(1).describe('The code the mutant puts in its place, as `course check --mutate` prints it.'),
    occurrence: z
      .number()
      .int()
      .min(1)
      .default(1)
      .describe('Which appearance of this mutator, original and replacement in the solution, counted from the top; only needed from 2 on.'),
    file: z
      .string()
      .min(1)
      .optional()
      .describe('In an exercise of several files, the file of solution/ the mutant changes (e.g. `http.js`); occurrences count in that file. Left out for a one-file exercise.'),
    reason: z
      .string()
      .regex(/^[^\n]*\S[^\n]*$/, 'write one line')
      .describe('One line: why no input the task allows tells this mutant apart from the solution.'),
  })
  .strict();

export const equivalentMutantsSchema = z
  .object({
    type: z.literal('equivalent-mutants').default('equivalent-mutants').describe('Content kind; always "equivalent-mutants".'),
    mutants: z
      .array(equivalentMutantSchema)
      .describe('Generated mutants of the solution that survive every test because they behave like it; each is reviewed like content.'),
  })
  .strict()
  .describe('exercises/<id>/equivalent-mutants.yml: the equivalent mutants of the reference solution, read by `course check --mutate`.');

/** The header of a mutant file: `// key: value` comment lines at its top. */
export const mutantHeaderSchema = z
  .object({
    mistake: z.string().min(1).describe('For instructors: the mistake this known-wrong solution makes, in one sentence.'),
    learner: z
      .string()
      .min(1)
      .max(300)
      .regex(/\byou(r|rs|rself)?\b/i, 'speak to the learner: write it in the second person ("you", "your")')
      .describe(
        'For the learner, shown when their submission fails the checks this mutant fails: second person ("you", "your"), names the misunderstanding, never gives the fix.',
      ),
    catches: z
      .string()
      .min(1)
      .max(120)
      .regex(/^(?![\s\S]*\byou(r|rs|rself)?\b)/i, 'describe the wrong implementation in the third person ("a router that ..."), not the learner')
      .optional()
      .describe(
        'Short third-person description of the wrong implementation, e.g. "a router that treats id 0 as a notification". Learners read "caught: <it>" when their examples catch this mutant in an examples exercise; required for the mutants of an exercise that one names in `of`.',
      ),
    hint: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .describe('1-based number of the hint in task.md `hints` that addresses this misunderstanding; the page links to it.'),
  })
  .strict()
  .describe('Header of mutants/<name>.<js|ts>: `// mistake: ...`, `// learner: ...`, optionally `// catches: ...` and `// hint: <n>`, one per line at the top.');

/** exercises/<id>/fingerprints.json: generated by `course check --write-fingerprints`. */
export const fingerprintsSchema = z
  .object({
    type: z.literal('fingerprints').default('fingerprints').describe('Content kind; always "fingerprints".'),
    note: z.string().optional().describe('Says how the file is made; ignored.'),
    tests: z.array(z.string()).describe('Full name of every test, in file order (the visible ones start with "examples > ").'),
    mutants: z
      .record(z.string(), z.array(z.string()))
      .describe('For each mutant (file name without extension), the full names of the tests it fails, in file order.'),
  })
  .strict()
  .describe('exercises/<id>/fingerprints.json: the tests each mutant fails, generated by `course check --write-fingerprints`; do not edit.');

export type MutantHeader = z.infer<typeof mutantHeaderSchema>;
export type FingerprintsData = z.infer<typeof fingerprintsSchema>;
export type ExerciseLimits = z.infer<typeof limitsSchema>;
export type ExerciseFrontMatter = z.infer<typeof exerciseFrontMatterSchema>;
export type CodeExerciseFrontMatter = z.infer<typeof codeExerciseFrontMatterSchema>;
export type ExamplesExerciseFrontMatter = z.infer<typeof examplesExerciseFrontMatterSchema>;
export type ExampleComparison = (typeof exampleComparisons)[number];
export type LessonFrontMatter = z.infer<typeof lessonFrontMatterSchema>;
export type SpecLink = z.infer<typeof specLinkSchema>;
export type EquivalentMutantsData = z.infer<typeof equivalentMutantsSchema>;
