import { describe, expect, it } from 'vitest';
import { frameCsp, frameDocument } from './frame-document.ts';

const nonce = '0123456789abcdef0123456789abcdef';

describe('frameCsp', () => {
  const directives = new Map(frameCsp(nonce).split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
  it.each([
    ['default-src', ["'none'"]],
    ['script-src', [`'nonce-${nonce}'`, "'unsafe-eval'"]],
    ['worker-src', ['blob:']],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ])('%s is exactly %j', (name, values) => {
    expect(directives.get(name)).toEqual(values);
  });
  it('has no connect-src, so the network falls under default-src none', () => {
    expect(directives.has('connect-src')).toBe(false);
  });
});

describe('frameDocument', () => {
  it('puts the policy before its only script, which carries the nonce', () => {
    const html = frameDocument(nonce);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html.indexOf('</script>')).toBe(html.lastIndexOf('</script>'));
  });
  it.each(['', 'short', `${nonce}"><script>`])('refuses the nonce %j', (bad) => {
    expect(() => frameDocument(bad)).toThrow(/random nonce/);
  });
});
