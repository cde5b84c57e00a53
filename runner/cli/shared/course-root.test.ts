import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCourseRoot } from './course-root.ts';

const base = mkdtempSync(join(tmpdir(), 'course-root-'));
const course = join(base, 'course');
const elsewhere = join(base, 'elsewhere', 'deep');
mkdirSync(join(course, 'exercises'), { recursive: true });
mkdirSync(join(course, 'runner', 'cli'), { recursive: true });
mkdirSync(elsewhere, { recursive: true });
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('findCourseRoot', () => {
  it('finds the course above the working directory', () => {
    expect(findCourseRoot(undefined, join(course, 'runner'), undefined)).toBe(course);
  });

  it("falls back to the course the command lives in, as when a host starts it from a folder of its own", () => {
    expect(findCourseRoot(undefined, elsewhere, join(course, 'runner', 'cli'))).toBe(course);
  });

  it('prefers the working directory’s course to the command’s', () => {
    const other = join(base, 'other');
    mkdirSync(join(other, 'lessons'), { recursive: true });
    expect(findCourseRoot(undefined, other, join(course, 'runner', 'cli'))).toBe(other);
  });

  it('says how to point at a course when neither has one', () => {
    expect(() => findCourseRoot(undefined, elsewhere, elsewhere)).toThrow(/No course found here.*pass --root <dir>/);
  });

  it('checks --root', () => {
    expect(findCourseRoot('../../course', elsewhere, undefined)).toBe(course);
    expect(() => findCourseRoot('.', elsewhere, undefined)).toThrow(/--root \. has no lessons\/ or exercises\/ folder/);
  });
});
