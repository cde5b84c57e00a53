import { describe, expect, it } from 'vitest';
import { sourceFromWorkFile } from './work-file.ts';

const work = (exercises: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt: '2026-11-30T00:00:00.000Z', exercises, ...extra });

describe('sourceFromWorkFile', () => {
  it('takes the code of the named exercise', () => {
    const text = work({ route: { code: 'function route() {}', language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false } });
    expect(sourceFromWorkFile(text, 'route')).toEqual({ ok: true, code: 'function route() {}' });
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['another format', JSON.stringify({ format: 'x', version: 1 }), /not an "Export my work" file/],
    ['another version', work({}, { version: 2 }), /version 2/],
    ['no entry for the exercise', work({ other: { code: '' } }), /no code for the exercise "route"/],
    ['an inherited name only', work({}), /no code for the exercise "route"/],
    ['an entry without code', work({ route: { language: 'js' } }), /damaged/],
  ])('reports %s as a problem with the file', (_, text, message) => {
    const read = sourceFromWorkFile(text, 'route');
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.message).toMatch(message);
  });

  it('does not treat Object.prototype members as exercises', () => {
    expect(sourceFromWorkFile(work({}), 'constructor').ok).toBe(false);
  });
});
