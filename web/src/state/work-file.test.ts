import { describe, expect, it } from 'vitest';
import { readWorkFile } from '../../../runner/content/index.ts';
import { emptyProgress, reduceProgress } from './progress.ts';
import { parseWorkFile } from './read-work-file.ts';
import { toWorkFile, workFileName } from './work-file.ts';

const exercises = [
  { id: 'route', language: 'js' as const, starter: 'starter-route' },
  { id: 'errors', language: 'ts' as const, starter: 'starter-errors' },
];
const now = new Date('2026-11-30T10:00:00.000Z');

describe('work file', () => {
  it('exports every exercise, untouched ones with their starter', () => {
    const progress = reduceProgress(emptyProgress, { type: 'code-changed', exercise: 'route', code: 'mine' });
    expect(toWorkFile(progress, exercises, now)).toEqual({
      format: 'jsonrpc-course-work',
      version: 2,
      exportedAt: '2026-11-30T10:00:00.000Z',
      exercises: {
        route: { code: 'mine', language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false },
        errors: { code: 'starter-errors', language: 'ts', passed: false, hintsSeen: 0, solutionRevealed: false },
      },
    });
  });

  it('exports an exercise of several files as every file, read-only ones the starter\'s, and reads it back', () => {
    const several = {
      id: 'tables',
      language: 'js' as const,
      starter: [{ name: 'table.js', source: 'start table' }, { name: 'frame.js', source: 'start frame' }],
      files: [{ name: 'table.js', readonly: false, open: false }, { name: 'frame.js', readonly: true, open: false }],
    };
    const progress = reduceProgress(emptyProgress, { type: 'code-changed', exercise: 'tables', file: 'table.js', code: 'my table' });
    const work = toWorkFile(progress, [several], now);
    expect(work.exercises.tables).toEqual({ files: { 'table.js': 'my table', 'frame.js': 'start frame' }, language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false });
    expect(parseWorkFile(JSON.stringify(work))).toEqual({ ok: true, work });
    // Imported into empty progress, the files come back.
    expect(reduceProgress(emptyProgress, { type: 'imported', work }).exercises.tables?.files).toEqual({ 'table.js': 'my table', 'frame.js': 'start frame' });
  });

  it('still reads a version 1 export', () => {
    const old = { format: 'jsonrpc-course-work', version: 1, exportedAt: 'x', exercises: { route: { code: 'old', language: 'js', passed: true, hintsSeen: 0, solutionRevealed: false } } };
    expect(parseWorkFile(JSON.stringify(old))).toMatchObject({ ok: true, work: { exercises: { route: { code: 'old' } } } });
  });

  it('names the learner when a name was typed, trimmed, and leaves the field out when blank', () => {
    expect(toWorkFile(emptyProgress, exercises, now, '  Ann Lee ').learner).toBe('Ann Lee');
    expect(toWorkFile(emptyProgress, exercises, now, '   ')).not.toHaveProperty('learner');
    const work = toWorkFile(emptyProgress, exercises, now, 'Ann Lee');
    expect(readWorkFile(JSON.stringify(work))).toEqual({ ok: true, work });
  });

  it('reads back what it exports', () => {
    const work = toWorkFile(emptyProgress, exercises, now);
    expect(parseWorkFile(JSON.stringify(work))).toEqual({ ok: true, work });
  });

  it('exports what the shared format reads, the one `course grade` reads too (runner/content/work-file.ts)', () => {
    const progress = reduceProgress(emptyProgress, { type: 'code-changed', exercise: 'errors', code: 'let x: number = 1;' });
    const work = toWorkFile(progress, exercises, now);
    expect(readWorkFile(JSON.stringify(work))).toEqual({ ok: true, work });
  });

  it.each([
    ['not JSON', 'nope', /not JSON/],
    ['another JSON file', '{"name":"package"}', /not an export of this course/],
    ['another version', '{"format":"jsonrpc-course-work","version":3}', /different version/],
    ['a damaged export', '{"format":"jsonrpc-course-work","version":1,"exportedAt":"x","exercises":{"route":{"code":1}}}', /damaged/],
  ])('refuses %s with a sentence', (_, text, message) => {
    const parsed = parseWorkFile(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });

  it('names the download by date', () => {
    expect(workFileName(now)).toBe('jsonrpc-course-work-2026-11-30.json');
  });
});
