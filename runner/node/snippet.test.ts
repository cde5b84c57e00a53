/** Lesson snippets through the Node host: the real output a prediction is checked against. */
import { describe, expect, it } from 'vitest';
import { createNodeRunner } from './runner.ts';

const runner = createNodeRunner();

describe('runSnippet', () => {
  it('returns the console output in order, formatted like Node', async () => {
    const result = await runner.runSnippet({ code: "console.log(2 + 3);\nconsole.log({ a: 1, b: 'x' }, [1, 2]);\nconsole.warn('careful');", language: 'js' });
    expect(result).toEqual({
      output: [
        { level: 'log', text: '5' },
        { level: 'log', text: "{ a: 1, b: 'x' } [ 1, 2 ]" },
        { level: 'warn', text: 'careful' },
      ],
      outputTruncated: false,
    });
  });

  it('says when output was cut', async () => {
    const result = await runner.runSnippet({ code: "for (let i = 0; i < 1000; i++) console.log('x'.repeat(100));", language: 'js' });
    expect(result.outputTruncated).toBe(true);
    expect(result.output.reduce((n, e) => n + e.text.length, 0)).toBeLessThanOrEqual(20_000);
  });

  it('reports a throw with its line, keeping the output before it', async () => {
    const result = await runner.runSnippet({ code: "console.log('before');\nnull.x;\n", language: 'js' });
    expect(result.output).toEqual([{ level: 'log', text: 'before' }]);
    expect(result.error).toMatchObject({ cause: 'threw', place: { line: 2 } });
    expect(result.error?.message).toMatch(/^Uncaught TypeError: .+ on line 2$/);
  });

  it('stops a snippet that never ends', async () => {
    const result = await runner.runSnippet({ code: 'while (true) {}', language: 'js', timeoutMs: 200 });
    expect(result.error).toEqual({ cause: 'timeout', message: 'The example did not finish within 200 ms and was stopped.' });
  });

  it('runs TypeScript snippets', async () => {
    const result = await runner.runSnippet({ code: 'const n: number = 2;\nconsole.log(n * 21);', language: 'ts' });
    expect(result.output).toEqual([{ level: 'log', text: '42' }]);
  });
});
