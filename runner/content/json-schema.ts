/**
 * JSON Schemas of the front matter, generated from the zod schemas (descriptions kept), for editor
 * autocomplete and validation of task.md and lesson files. Written to runner/content/schemas/ by
 * runner/node/write-schemas.ts (`npm run schemas`); a test keeps the committed files current.
 */
import { z } from 'zod';
import { exerciseFrontMatterSchema, lessonFrontMatterSchema } from './schema.ts';

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

/** The schema files as written to runner/content/schemas/: file name -> JSON text. */
export function schemaFiles(): Record<string, string> {
  const text = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;
  return { 'exercise.schema.json': text(exerciseJsonSchema()), 'lesson.schema.json': text(lessonJsonSchema()) };
}
