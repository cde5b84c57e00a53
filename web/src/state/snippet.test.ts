import { describe, expect, it } from 'vitest';
import { errorText, normalizeOutput, outputText, predictionMatches, reduceSnippetRun } from './snippet.ts';

describe('predictionMatches', () => {
  it.each([
    ['2', '2', true],
    ['  2  \n', '2', true],
    ['{ a: 1 }', '{  a: 1  }', true],
    ['a\r\nb', 'a\nb', true],
    ['\n\na\nb\n\n', 'a\nb', true],
    ['a b', 'ab', false],
    ["'2'", '2', false],
    ['null', 'undefined', false],
    ['A', 'a', false],
    ['a\n\nb', 'a\nb', false],
  ])('%j against %j is %s', (prediction, output, ok) => {
    expect(predictionMatches(prediction, output)).toBe(ok);
  });

  it('normalises tabs and inner spaces to one space', () => {
    expect(normalizeOutput('a\t \tb  ')).toBe('a b');
  });
});

describe('outputText', () => {
  it('prints one line per console call and marks truncation and levels', () => {
    expect(
      outputText({
        output: [
          { level: 'log', text: '1' },
          { level: 'error', text: 'bad' },
        ],
        outputTruncated: true,
      }),
    ).toBe('1\n[error] bad\n… output truncated.');
  });

  it('explains a timeout with a next step', () => {
    expect(errorText({ message: 'timeout', cause: 'timeout', place: { line: 2, column: 1 } })).toMatch(/too long.*line 2.*loop/);
  });
});

describe('reduceSnippetRun', () => {
  const done = { output: [{ level: 'log' as const, text: '1' }], outputTruncated: false };
  it('keeps only the latest run', () => {
    let s = reduceSnippetRun({ phase: 'idle' }, { type: 'started', runId: 1 });
    s = reduceSnippetRun(s, { type: 'started', runId: 2 });
    s = reduceSnippetRun(s, { type: 'finished', runId: 1, result: done });
    expect(s).toEqual({ phase: 'running', runId: 2 });
    s = reduceSnippetRun(s, { type: 'finished', runId: 2, result: done });
    expect(s).toEqual({ phase: 'done', runId: 2, result: done });
    expect(reduceSnippetRun(s, { type: 'failed', runId: 2, message: 'late' })).toBe(s);
  });
});
