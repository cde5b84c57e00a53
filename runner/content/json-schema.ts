/**
 * JSON Schemas of the front matter and of equivalent-mutants.yml, generated from the zod schemas (descriptions kept), for editor
 * autocomplete and validation of task.md and lesson files. Written to runner/content/schemas/ by
 * runner/node/write-schemas.ts (`npm run schemas`); a test keeps the committed files current.
 */
import { z } from 'zod';
import { equivalentMutantsSchema, exerciseFrontMatterSchema, fingerprintsSchema, lessonFrontMatterSchema } from './schema.ts';

/** A JSON Schema document (draft 2020-12). */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

function toJsonSchema(schema: z.ZodType, title: string): JsonSchema {
  // io "input": fields with defaults are optional for authors, as the loaders treat them.
  const generated = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
  const { $schema, ...rest } = generated;
  return { $schema, title, ...rest };
}

/** Schema of the front matter of exercises/<id>/task.md. */
export function exerciseJsonSchema(): JsonSchema {
  return toJsonSchema(exerciseFrontMatterSchema, 'Exercise front matter');
}

/** Schema of the front matter of lessons/<NN>-<id>.md. */
export function lessonJsonSchema(): JsonSchema {
  return toJsonSchema(lessonFrontMatterSchema, 'Lesson front matter');
}

/** Schema of exercises/<id>/equivalent-mutants.yml. */
export function equivalentMutantsJsonSchema(): JsonSchema {
  return toJsonSchema(equivalentMutantsSchema, 'Equivalent mutants');
}

/** The schema files as written to runner/content/schemas/: file name -> JSON text. */
export function schemaFiles(): Record<string, string> {
  const text = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;
  return {
    'exercise.schema.json': text(exerciseJsonSchema()),
    'lesson.schema.json': text(lessonJsonSchema()),
    'equivalent-mutants.schema.json': text(equivalentMutantsJsonSchema()),
    'fingerprints.schema.json': text(toJsonSchema(fingerprintsSchema, 'Mutant fingerprints')),
  };
}
