import { describe, expect, it } from 'vitest';
import { githubAnnotation } from './github-annotations.ts';

describe('githubAnnotation', () => {
  it('writes an error, a warning and an info as error, warning and notice commands with file, line, column and title', () => {
    const at = { file: 'exercises/route/task.md', line: 6, column: 3, rule: 'front-matter/schema', message: 'functions must be a list.' };
    expect(githubAnnotation({ ...at, severity: 'error' })).toBe('::error file=exercises/route/task.md,line=6,col=3,title=course check%3A front-matter/schema::functions must be a list.');
    expect(githubAnnotation({ ...at, severity: 'warning' })).toMatch(/^::warning file=/);
    expect(githubAnnotation({ ...at, severity: 'info' })).toMatch(/^::notice file=/);
  });

  it('escapes what would end the command or split a property, as the Actions toolkit does', () => {
    const line = githubAnnotation({ file: 'a,b:c.md', line: 1, column: 1, rule: 'x', severity: 'error', message: 'two\nlines, 100%\r:: done' });
    expect(line).toBe('::error file=a%2Cb%3Ac.md,line=1,col=1,title=course check%3A x::two%0Alines, 100%25%0D:: done');
    expect(line.split('\n')).toHaveLength(1);
  });
});
