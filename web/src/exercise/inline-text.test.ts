import { describe, expect, it } from 'vitest';
import { inlineParts } from './inline-text.tsx';

describe('inlineParts', () => {
  it('shows backticked spans as code, without the backticks', () => {
    expect(inlineParts('`route` answered `ping` with null.')).toEqual([
      { code: true, text: 'route' },
      { code: false, text: ' answered ' },
      { code: true, text: 'ping' },
      { code: false, text: ' with null.' },
    ]);
  });

  it('keeps text without backticks, and an unpaired backtick, as text', () => {
    expect(inlineParts('plain')).toEqual([{ code: false, text: 'plain' }]);
    expect(inlineParts('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
  });
});
