import { describe, expect, it } from 'vitest';
import { stripLeadingTitle } from './strip-title.ts';

describe('stripLeadingTitle', () => {
  it.each([
    ['# The router\n\nText', '\nText'],
    ['\n\n# The router\nText', 'Text'],
    ['# Only a title', ''],
    ['## A section\nText', '## A section\nText'],
    ['Text\n# Later heading', 'Text\n# Later heading'],
    ['#hashtag', '#hashtag'],
  ])('%j', (input, output) => {
    expect(stripLeadingTitle(input)).toBe(output);
  });
});
