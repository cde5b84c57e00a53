import { describe, expect, it } from 'vitest';
import { headline, type FailureFacts } from './headline.ts';

const reply = (extra: object) => ({ jsonrpc: '2.0', id: 1, ...extra });
const facts = (f: Partial<FailureFacts> & Pick<FailureFacts, 'message' | 'actual' | 'expected'>): FailureFacts => ({ actualIsReturned: true, functionName: 'route', ...f });

describe('headline', () => {
  it.each([
    [
      'a wrong error code, by name',
      facts({ message: 'expected {…} to deeply equal {…}', actual: reply({ error: { code: -32600, message: 'x' } }), expected: reply({ error: { code: -32601, message: 'x' } }) }),
      'The answer of `route` has error.code -32600 (Invalid Request); this check expects -32601 (Method not found).',
    ],
    [
      'a reply where none is due',
      facts({ message: 'expected {…} to be null', actual: reply({ result: {} }), expected: undefined }),
      '`route` answered with a reply with result; this check expects null (no reply at all).',
    ],
    [
      'a missing key',
      facts({ message: 'expected {…} to match object {…}', actual: { id: 1, result: 2 }, expected: { jsonrpc: '2.0' } }),
      'The answer of `route` has no jsonrpc; this check expects jsonrpc to be "2.0".',
    ],
    [
      'an extra key beside result',
      facts({ message: 'expected {…} to deeply equal {…}', actual: reply({ result: 1, error: null }), expected: reply({ result: 1 }) }),
      'The answer of `route` has error (null), which this check does not expect there.',
    ],
    [
      'a number checked on its own',
      facts({ message: 'expected -32600 to be -32601 // Object.is equality', actual: -32600, expected: -32601, actualIsReturned: false }),
      'This check expects -32601 (Method not found), and got -32600 (Invalid Request).',
    ],
    [
      'a string where a number is due',
      facts({ message: "expected '-32601' to be -32601", actual: '-32601', expected: -32601, actualIsReturned: false }),
      'This check expects -32601 (Method not found), and got "-32601".',
    ],
    [
      'a value the author named',
      facts({ message: 'the reply to initialize: expected {…} to deeply equal {…}', actual: { protocolVersion: '2024-11-05' }, expected: { protocolVersion: '2025-11-25' } }),
      'The reply to initialize has protocolVersion "2024-11-05"; this check expects "2025-11-25".',
    ],
    [
      'an explanation from the author, leading the sentence',
      facts({ message: 'route must return a reply object for a request: expected null to deeply equal {…}', actual: null, expected: reply({ result: 1 }) }),
      'Route must return a reply object for a request: `route` answered with null; this check expects a reply with result.',
    ],
  ])('%s', (_name, f, sentence) => {
    expect(headline(f)).toBe(sentence);
  });

  it('looks into arrays and through asymmetric matchers that match', () => {
    const f = facts({ message: 'expected [] to deeply equal []', actual: [reply({ result: 1 }), reply({ result: 'x' })], expected: [reply({ result: expect.any(Number) }), reply({ result: expect.any(Number) })] });
    expect(headline(f)).toBe('The answer of `route` has [1].result "x"; this check expects Any<Number>.');
  });

  it('says nothing for matchers it does not read, or when it finds no difference', () => {
    expect(headline(facts({ message: "expected [ 'a' ] to include 'b'", actual: ['a'], expected: 'b' }))).toBeUndefined();
    expect(headline(facts({ message: 'expected {…} to deeply equal {…}', actual: { a: 1 }, expected: { a: 1 } }))).toBeUndefined();
  });
});
