import { describe, expect, it } from 'vitest';
import { readWorkFile, WORK_FORMAT, WORK_VERSION, type WorkFile } from '../../content/index.ts';
import { sourceFromWorkFile } from './work-file.ts';

const work = (exercises: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt: '2026-11-30T00:00:00.000Z', exercises, ...extra });

describe('sourceFromWorkFile', () => {
  it('takes the code of the named exercise', () => {
    const text = work({ route: { code: 'function route() {}', language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false } });
    expect(sourceFromWorkFile(text, 'route')).toEqual({ ok: true, code: 'function route() {}', signals: { exportedAt: '2026-11-30T00:00:00.000Z', solutionRevealed: false, hintsSeen: 0 } });
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['another format', JSON.stringify({ format: 'x', version: 1 }), /not an "Export my work" file/],
    ['another version', work({}, { version: 3 }), /version 3/],
    ['no entry for the exercise', work({ other: { code: '', language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false } }), /no code for the exercise "route"/],
    ['an inherited name only', work({}), /no code for the exercise "route"/],
    ['an entry without code', work({ route: { language: 'js' } }), /damaged/],
    ['another entry damaged', work({ route: { code: '', language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false }, other: { code: 1 } }), /damaged/],
  ])('reports %s as a problem with the file', (_, text, message) => {
    const read = sourceFromWorkFile(text, 'route');
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.message).toMatch(message);
  });

  it('grades the code of any file the shared format reads (runner/content/work-file.ts, which the web app writes)', () => {
    const file: WorkFile = {
      format: WORK_FORMAT,
      version: WORK_VERSION,
      exportedAt: '2026-11-30T00:00:00.000Z',
      exercises: { route: { code: 'function route() {}', language: 'js', passed: true, hintsSeen: 2, solutionRevealed: true }, other: { code: '', language: 'ts', passed: false, hintsSeen: 0, solutionRevealed: false } },
    };
    const text = JSON.stringify(file);
    expect(readWorkFile(text)).toEqual({ ok: true, work: file });
    // The signals of the graded exercise, not of another.
    expect(sourceFromWorkFile(text, 'route')).toEqual({ ok: true, code: 'function route() {}', signals: { exportedAt: '2026-11-30T00:00:00.000Z', solutionRevealed: true, hintsSeen: 2 } });
  });

  it('does not treat Object.prototype members as exercises', () => {
    expect(sourceFromWorkFile(work({}), 'constructor').ok).toBe(false);
  });
});
