import { describe, expect, it } from 'vitest';
import { namesWord } from './words.ts';

describe('namesWord', () => {
  it('reads an "a" before a word as the article, and an "a" beside punctuation, at the end or before a word that follows names as the name', () => {
    const names = (text: string) => [namesWord(text, 'a'), namesWord(text, 'b')];
    expect(names('Missing a required argument: b.')).toEqual([false, true]);
    expect(names('Missing a required argument.')).toEqual([false, false]);
    expect(names('Missing a value')).toEqual([false, false]);
    expect(names('Missing required arguments: a, b.')).toEqual([true, true]);
    expect(names('Missing a required argument: a.')).toEqual([true, false]);
    expect(names('a and b are missing')).toEqual([true, true]);
    expect(names('a is missing')).toEqual([true, false]);
    expect(names('argument `a` was not sent')).toEqual([true, false]);
    expect(names('Please give a')).toEqual([true, false]);
    expect(names('missing: a\nb')).toEqual([true, true]);
  });

  it('finds a name as a word of its own only, whatever characters it holds', () => {
    expect(namesWord('abc is missing', 'a')).toBe(false);
    expect(namesWord('missing: x_1', 'x')).toBe(false);
    expect(namesWord('missing: $a', 'a')).toBe(false);
    expect(namesWord('missing: a.b', 'a.b')).toBe(true);
    expect(namesWord('missing: axb', 'a.b')).toBe(false);
    expect(namesWord('Missing: count', 'count')).toBe(true);
    expect(namesWord('Missing: A', 'a')).toBe(false);
    expect(namesWord('anything', '')).toBe(false);
  });
});
