import { describe, expect, it } from 'vitest';
import { EXAMPLES_NAME as CONTENT_NAME } from '../../content/index.ts';
import { LearnerFunction } from '../codec/index.ts';
import { EXAMPLES_NAME, MAX_EXAMPLES, parseExamples, READER, READER_TRAILER } from './read.ts';

const options = { input: 'message', fn: 'route' };
const example = (n: number) => ({ message: { id: n }, reply: { id: n } });

it('reads the name the content model requires of reference examples', () => {
  expect(EXAMPLES_NAME).toBe(CONTENT_NAME);
});

it('appends a reader that adds no line before the learner text ends and reads an array or a function', () => {
  expect(READER_TRAILER.startsWith('\n;')).toBe(true);
  const read = (code: string) => new Function(`${code}${READER_TRAILER}; return ${READER}();`)() as unknown;
  expect(read('const examples = [1];')).toEqual([1]);
  expect(read('function examples() { return [2]; }')).toEqual([2]);
  expect(read('const other = [];')).toBeUndefined();
});

describe('parseExamples', () => {
  it('keeps each well-formed example with its position', () => {
    expect(parseExamples([example(1), example(2)], options)).toEqual({ ok: true, total: 2, malformed: [], cases: [{ example: 1, input: { id: 1 }, reply: { id: 1 } }, { example: 2, input: { id: 2 }, reply: { id: 2 } }] });
  });

  it('takes the input from the key the exercise names', () => {
    const read = parseExamples([{ text: '[]', reply: null }], { input: 'text', fn: 'handleText' });
    expect(read).toMatchObject({ ok: true, cases: [{ example: 1, input: '[]', reply: null }] });
  });

  it.each([
    ['no examples at all', undefined, 'no-examples', /needs a top-level `examples` list/],
    ['something that is not a list', { message: {}, reply: {} }, 'no-examples', /must be a list/],
    ['an empty list', [], 'no-examples', /is empty/],
    ['too many examples', Array.from({ length: MAX_EXAMPLES + 1 }, (_, i) => example(i)), 'too-large', new RegExp(`at most ${MAX_EXAMPLES}`)],
  ])('ends the run for %s', (_name, value, cause, message) => {
    const read = parseExamples(value, options);
    if (read.ok) throw new Error('expected the run to end');
    expect(read.cause).toBe(cause);
    expect(read.message).toMatch(message);
  });

  it.each([
    ['a number', 5, /is not written as an example/],
    ['an array', [{ id: 1 }, { id: 1 }], /is not written as an example/],
    ['no message', { reply: {} }, /has no `message`/],
    ['no reply', { message: {} }, /has no `reply`: give what a correct route must return/],
    ['a misspelt key', { message: {}, reply: {}, replay: {} }, /a key `replay` that examples do not use/],
    ['a function in the reply', { message: {}, reply: { result: new LearnerFunction('f', false, false) } }, /holds a function in its reply/],
    ['a BigInt in the message', { message: { id: 1n }, reply: {} }, /holds a BigInt in its message/],
    ['an object that contains itself', (() => { const m: Record<string, unknown> = {}; m.self = m; return { message: m, reply: {} }; })(), /contains itself/],
    ['an object of a class', { message: new Map(), reply: {} }, /object of another kind \(Map\)/],
  ])('marks %s as malformed, keeping the others', (_name, bad, message) => {
    const read = parseExamples([example(1), bad], options);
    if (!read.ok) throw new Error('expected examples');
    expect(read.total).toBe(2);
    expect(read.cases.map((c) => c.example)).toEqual([1]);
    expect(read.malformed).toEqual([{ example: 2, reason: 'malformed', message: expect.stringMatching(message) }]);
    expect(read.malformed[0]?.message).toMatch(/^Your example 2 /);
  });

  it('accepts the same object twice in one example: it is shared, not a cycle', () => {
    const shared = { pong: true };
    expect(parseExamples([{ message: { id: 1, params: shared }, reply: { id: 1, result: shared } }], options)).toMatchObject({ ok: true, malformed: [] });
  });
});
