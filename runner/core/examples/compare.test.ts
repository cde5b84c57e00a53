import { describe, expect, it } from 'vitest';
import { comparison } from './compare.ts';

const exact = comparison('exact').agrees;
const text = comparison('jsonrpc-text').agrees;
const ok = (id: unknown, result: unknown) => ({ jsonrpc: '2.0', id, result });
const err = (id: unknown, code: number, message = 'Invalid Request') => ({ jsonrpc: '2.0', id, error: { code, message } });

describe('exact', () => {
  it.each([
    ['the same reply', ok(1, { pong: true }), ok(1, { pong: true }), true],
    ['null for null', null, null, true],
    ['another id', ok(1, {}), ok(2, {}), false],
    ['a string id against a number', ok('7', {}), ok(7, {}), false],
    ['an extra key set to undefined', ok(1, {}), { ...ok(1, {}), error: undefined }, false],
    ['an extra key set to null', ok(1, {}), { ...ok(1, {}), error: null }, false],
    ['the version as a number', ok(1, {}), { ...ok(1, {}), jsonrpc: 2 }, false],
    ['nothing for a reply', ok(0, {}), null, false],
    ['undefined for null', null, undefined, false],
    // course check matches a task's example calls with the calls of the visible tests this way too.
    ['keys in another order, nested', { a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    ['id -0 for id 0', { id: 0 }, { id: -0 }, false],
    ['a key set to undefined for no key', { id: undefined }, {}, false],
    ['an object with key 0 for an array', [1], { 0: 1 }, false],
  ])('%s', (_name, expected, received, agrees) => {
    expect(exact(expected, received)).toBe(agrees);
  });
});

describe('jsonrpc-text', () => {
  it.each([
    ['the reply written as a value, returned as text', ok(1, 19), JSON.stringify(ok(1, 19)), true],
    ['the reply written as text, with other spacing', JSON.stringify(ok(1, 19), null, 2), JSON.stringify(ok(1, 19)), true],
    ['keys in another order', { result: 19, id: 1, jsonrpc: '2.0' }, JSON.stringify(ok(1, 19)), true],
    ['another error message', err(null, -32600, 'Invalid request'), JSON.stringify(err(null, -32600)), true],
    ['an empty error message', err(null, -32600, ''), JSON.stringify(err(null, -32600)), false],
    ['another error code', err(null, -32600), JSON.stringify(err(null, -32700)), false],
    ['a batch in another order', [ok('2', 19), err(null, -32600, 'x'), ok('1', 7)], JSON.stringify([ok('1', 7), ok('2', 19), err(null, -32600)]), true],
    ['a batch with one response more', [ok('1', 7)], JSON.stringify([ok('1', 7), ok('2', 19)]), false],
    ['a batch of one, returned as a bare object', [ok('1', 7)], JSON.stringify(ok('1', 7)), false],
    ['nothing to send', null, null, true],
    ['nothing, returned as the text "null"', null, 'null', false],
    ['nothing, returned as "[]"', null, '[]', false],
    ['the reply returned as an object, not text', ok(1, 19), ok(1, 19), false],
    ['text that is not JSON', ok(1, 19), '{"jsonrpc":', false],
    ['the same text that is not JSON', '{"jsonrpc":', '{"jsonrpc":', true],
  ])('%s', (_name, expected, received, agrees) => {
    expect(text(expected, received)).toBe(agrees);
  });
});

it('refuses a comparison it does not have, naming the ones it has', () => {
  expect(() => comparison('loose' as never)).toThrow(/exact, jsonrpc-text/);
});
