import { describe, expect, it } from 'vitest';
import type { GuestReply, GuestRequest } from '../core/index.ts';
import { checkReply, MAX_REPLY_CHARS, parseReply, replyKey, withThrowPlace } from './reply.ts';

const load: GuestRequest = { type: 'load', source: 'function route() {}', filename: 'main.js', names: ['route'] };
const call: GuestRequest = { type: 'call', seq: 7, name: 'route', args: { $: 'array', id: 1, items: [] } };
const quiet = { console: [], consoleDropped: 0 };
const thrown = { kind: 'error', name: 'TypeError', message: 'x', value: { $: 'undefined' } };

describe('parseReply', () => {
  it.each([
    ['a non-string', { type: 'loaded' }, 'something other than text'],
    ['text that is not JSON', '{', 'an unreadable reply'],
    ['JSON that is not an object', '"hacked"', 'the wrong shape'],
    ['a reply without console', JSON.stringify({ type: 'returned', seq: 7, value: 1 }), 'the wrong shape'],
    ['console entries of a bad level', JSON.stringify({ type: 'returned', seq: 7, value: 1, console: [{ level: 'alert', text: '' }], consoleDropped: 0 }), 'the wrong shape'],
    ['an overlong reply', 'x'.repeat(MAX_REPLY_CHARS + 1), 'longer than'],
  ])('refuses %s', (_, data, says) => {
    const parsed = parseReply(data);
    expect('failure' in parsed && parsed.failure).toMatchObject({ type: 'crashed' });
    expect('failure' in parsed && parsed.failure.type === 'crashed' && parsed.failure.message).toContain(says);
  });

  it('accepts a well-formed reply', () => {
    const parsed = parseReply(JSON.stringify({ type: 'returned', seq: 7, value: 1, ...quiet }));
    expect(parsed).toEqual({ reply: { type: 'returned', seq: 7, value: 1, ...quiet } });
  });
});

describe('replyKey and checkReply', () => {
  const cases: [string, Record<string, unknown>, GuestRequest, 'load' | number | undefined, 'ok' | 'crashed'][] = [
    ['loaded answers the load', { type: 'loaded', names: { route: 'function' }, ...quiet }, load, 'load', 'ok'],
    ['load-threw answers the load', { type: 'load-threw', error: thrown, ...quiet }, load, 'load', 'ok'],
    ['loaded without the needed name', { type: 'loaded', names: {}, ...quiet }, load, 'load', 'crashed'],
    ['loaded with a made-up kind', { type: 'loaded', names: { route: 'yes' }, ...quiet }, load, 'load', 'crashed'],
    ['returned answers its call', { type: 'returned', seq: 7, value: 2, ...quiet }, call, 7, 'ok'],
    ['threw answers its call', { type: 'threw', seq: 7, error: thrown, ...quiet }, call, 7, 'ok'],
    ['too-large answers its call', { type: 'too-large', seq: 7, limit: 10, ...quiet }, call, 7, 'ok'],
    ['a reply to another call', { type: 'returned', seq: 8, value: 2, ...quiet }, call, 8, 'crashed'],
    ['returned without a value', { type: 'returned', seq: 7, ...quiet }, call, 7, 'crashed'],
    ['threw with a malformed error', { type: 'threw', seq: 7, error: { kind: 'error' }, ...quiet }, call, 7, 'crashed'],
    ['a load reply to a call', { type: 'loaded', names: { route: 'function' }, ...quiet }, call, 'load', 'crashed'],
    ['a made-up type', { type: 'passed', seq: 7, ...quiet }, call, 7, 'crashed'],
  ];
  it.each(cases)('%s', (_, reply, request, key, outcome) => {
    expect(replyKey(reply)).toBe(key);
    const checked = checkReply(reply, request);
    if (outcome === 'ok') expect(checked).toBe(reply);
    else expect(checked.type).toBe('crashed');
  });
});

describe('withThrowPlace', () => {
  const threw = (stack: string | undefined, line?: number): GuestReply => ({
    type: 'threw',
    seq: 1,
    error: { kind: 'error', name: 'RangeError', message: 'm', value: { $: 'error', id: 1, name: 'RangeError', message: 'm', props: [], ...(stack ? { stack } : {}) }, ...(line ? { line, column: 1 } : {}) },
    ...quiet,
  });
  it.each([
    ['takes the first frame in the learner file', 'RangeError: m\n    at f (blob:null/abc:1:40)\n    at route (main.js:3:10)\n    at route (main.js:2:5)', { line: 3, column: 10 }],
    ['keeps a place the guest found', 'at route (main.js:9:9)', { line: 4, column: 1 }],
    ['finds nothing without a frame in the file', 'at f (other.js:1:1)', {}],
    ['finds nothing without a stack', undefined, {}],
  ])('%s', (name, stack, place) => {
    const reply = withThrowPlace(threw(stack, name.startsWith('keeps') ? 4 : undefined), 'main.js');
    expect(reply.type === 'threw' && { ...(reply.error.line ? { line: reply.error.line, column: reply.error.column } : {}) }).toEqual(place);
  });
});
