import { describe, expect, it } from 'vitest';
import { INHERITED_NAMES, nearMisses } from './names.ts';

describe('nearMisses', () => {
  it('holds names a lowercasing, trimming or NFKC lookup takes for the real one, never the real one', () => {
    const near = nearMisses('tools/call');
    expect(near).not.toContain('tools/call');
    expect(near.some((n) => n.toLowerCase() === 'tools/call')).toBe(true);
    expect(near.some((n) => n.trim() === 'tools/call')).toBe(true);
    expect(near.some((n) => n.normalize('NFKC') === 'tools/call' && n !== 'tools/call')).toBe(true);
    expect(near).toContain('\u00a0tools/call');
  });

  it('lists every key an ordinary object inherits', () => {
    for (const key of Object.getOwnPropertyNames(Object.prototype)) expect(INHERITED_NAMES).toContain(key);
  });
});
