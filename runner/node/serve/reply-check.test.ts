import { describe, expect, it } from 'vitest';
import { checkReply, expectsReply, internalError } from './reply-check.ts';
import type { JsonRpcMessage, JsonValue } from './types.ts';

const request: JsonRpcMessage = { jsonrpc: '2.0', id: 7, method: 'ping' };
const notification: JsonRpcMessage = { jsonrpc: '2.0', method: 'notifications/initialized' };

describe('checkReply', () => {
  it.each<[string, JsonValue]>([
    ['a result', { jsonrpc: '2.0', id: 7, result: {} }],
    ['an error', { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } }],
    ['an error with data', { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'x', data: [1] } }],
  ])('sends %s to a request as it is', (_, reply) => {
    expect(checkReply(request, reply)).toEqual({ ok: true, outgoing: [reply] });
  });

  it.each<[JsonValue, RegExp]>([
    [null, /returned null for a request/],
    [42, /returned a number/],
    [[{ jsonrpc: '2.0', id: 7, result: {} }], /returned an array/],
    [{ id: 7, result: {} }, /lacks jsonrpc: "2.0"/],
    [{ jsonrpc: '2.0', id: 8, result: {} }, /has id 8, not the request's id 7/],
    [{ jsonrpc: '2.0', result: {} }, /has id missing/],
    [{ jsonrpc: '2.0', id: 7 }, /neither result nor error/],
    [{ jsonrpc: '2.0', id: 7, result: {}, error: null }, /both result and error/],
    [{ jsonrpc: '2.0', id: 7, result: {}, extra: 1 }, /a member "extra"/],
    [{ jsonrpc: '2.0', id: 7, error: 'bad' }, /error is not an object/],
    [{ jsonrpc: '2.0', id: 7, error: { code: 1.5, message: 'x' } }, /error code is not an integer/],
    [{ jsonrpc: '2.0', id: 7, error: { code: 1 } }, /error message is not a string/],
  ])('names what is wrong with %j', (reply, problem) => {
    const checked = checkReply(request, reply);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.problem).toMatch(problem);
  });

  it('sends nothing for a notification, and calls a reply to one a problem', () => {
    expect(checkReply(notification, null)).toEqual({ ok: true, outgoing: [] });
    expect(checkReply(notification, { jsonrpc: '2.0', id: 1, result: {} })).toMatchObject({ ok: false, problem: /must return null/ });
  });

  it('tells requests (id 0 included) from notifications and responses', () => {
    expect(expectsReply({ jsonrpc: '2.0', id: 0, method: 'initialize' })).toBe(true);
    expect(expectsReply(notification)).toBe(false);
    expect(expectsReply({ jsonrpc: '2.0', id: 3, result: {} })).toBe(false);
  });

  it('makes -32603 replies with the request id', () => {
    expect(internalError(request, 'It broke.')).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'It broke.' } });
  });
});
