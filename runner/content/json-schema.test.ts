import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { exerciseJsonSchema, lessonJsonSchema, schemaFiles } from './json-schema.ts';

describe('front-matter JSON Schemas', () => {
  it.each(Object.entries(schemaFiles()))('the committed %s is current (run `npm run schemas`)', (name, text) => {
    expect(readFileSync(join(import.meta.dirname, 'schemas', name), 'utf8')).toBe(text);
  });

  it('keeps the field descriptions, for each kind of exercise', () => {
    const kinds = exerciseJsonSchema().oneOf as Array<{ properties: Record<string, { description?: string }> }>;
    expect(kinds.map((k) => Object.keys(k.properties).includes('functions'))).toEqual([true, false]);
    for (const { properties } of kinds) {
      expect(properties.id?.description).toBe('Stable id of the exercise; must equal its folder name under exercises/.');
      const undescribed = Object.entries(properties).filter(([, p]) => typeof p.description !== 'string').map(([key]) => key);
      expect(undescribed).toEqual([]);
    }
  });

  const exercise = { id: 'route', title: 'Route', lesson: 'the-router', functions: ['route'] };
  const examples = { kind: 'examples', id: 'route-examples', title: 'Examples', lesson: 'the-router', of: 'route' };
  const lesson = { id: 'the-router', title: 'The router', order: 1, summary: 'Route messages.' };
  const cases: Array<{ name: string; schema: () => object; value: unknown; valid: boolean }> = [
    { name: 'exercise with defaults left out', schema: exerciseJsonSchema, value: exercise, valid: true },
    { name: 'exercise with an unknown key', schema: exerciseJsonSchema, value: { ...exercise, author: 'x' }, valid: false },
    { name: 'exercise without functions', schema: exerciseJsonSchema, value: { ...exercise, functions: [] }, valid: false },
    { name: 'exercise in python', schema: exerciseJsonSchema, value: { ...exercise, language: 'py' }, valid: false },
    { name: 'code exercise said so', schema: exerciseJsonSchema, value: { ...exercise, kind: 'code' }, valid: true },
    { name: 'exercise of an unknown kind', schema: exerciseJsonSchema, value: { ...exercise, kind: 'quiz' }, valid: false },
    { name: 'examples exercise with defaults left out', schema: exerciseJsonSchema, value: examples, valid: true },
    { name: 'examples exercise with its options', schema: exerciseJsonSchema, value: { ...examples, function: 'route', input: 'text', compare: 'jsonrpc-text', threshold: 3 }, valid: true },
    { name: 'examples exercise without of', schema: exerciseJsonSchema, value: { kind: 'examples', id: 'x', title: 'X', lesson: 'the-router' }, valid: false },
    { name: 'examples exercise with functions', schema: exerciseJsonSchema, value: { ...examples, functions: ['route'] }, valid: false },
    { name: 'examples exercise comparing some other way', schema: exerciseJsonSchema, value: { ...examples, compare: 'loose' }, valid: false },
    { name: 'examples exercise with threshold 0', schema: exerciseJsonSchema, value: { ...examples, threshold: 0 }, valid: false },
    { name: 'lesson with defaults left out', schema: lessonJsonSchema, value: lesson, valid: true },
    { name: 'lesson with a spec link', schema: lessonJsonSchema, value: { ...lesson, specs: [{ title: 'JSON-RPC', url: 'https://www.jsonrpc.org/specification' }] }, valid: true },
    { name: 'lesson with order 0', schema: lessonJsonSchema, value: { ...lesson, order: 0 }, valid: false },
  ];
  it.each(cases)('$name', ({ schema, value, valid }) => {
    expect(new Validator(schema() as never, '2020-12').validate(value).valid).toBe(valid);
  });
});
