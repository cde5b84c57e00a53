/**
 * Golden bad-content fixtures: each folder under fixtures/ is a small course (lessons/ and
 * exercises/) with known problems, and its expected.txt lists every diagnostic `loadCourse`
 * must report, formatted as compilers do (file:line:column: severity message [rule]).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCourseFiles } from '../node/read-course.ts';
import { loadCourse } from './course.ts';
import { formatDiagnostic } from './diagnostic.ts';

const root = join(import.meta.dirname, 'fixtures');
const fixtures = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe('golden content fixtures', () => {
  it('has the fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(8);
  });

  it.each(fixtures)('%s', async (name) => {
    const { diagnostics } = loadCourse(await readCourseFiles(join(root, name)));
    const expected = readFileSync(join(root, name, 'expected.txt'), 'utf8').trim();
    expect(diagnostics.map(formatDiagnostic).join('\n')).toBe(expected);
  });
});
