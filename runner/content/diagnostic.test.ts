import { describe, expect, it } from 'vitest';
import { formatDiagnostic, hasErrors } from './diagnostic.ts';

describe('diagnostics', () => {
  it('formats like a compiler message', () => {
    const d = { file: 'exercises/route/task.md', line: 3, column: 1, rule: 'front-matter/schema', severity: 'error' as const, message: 'title is required' };
    expect(formatDiagnostic(d)).toBe('exercises/route/task.md:3:1: error title is required [front-matter/schema]');
    expect(hasErrors([d])).toBe(true);
    expect(hasErrors([{ ...d, severity: 'warning' }])).toBe(false);
  });
});
