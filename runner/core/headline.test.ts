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
    expect(headline(f)).toBe('The answer of `route` has [1].result "x"; this check expects any number.');
  });

  it('says nothing for matchers it does not read, or when it finds no difference', () => {
    expect(headline(facts({ message: "expected [ 'a' ] to include 'b'", actual: ['a'], expected: 'b' }))).toBeUndefined();
    expect(headline(facts({ message: 'expected {…} to deeply equal {…}', actual: { a: 1 }, expected: { a: 1 } }))).toBeUndefined();
  });
});

const nest = (depth: number, leaf: object): object => (depth === 0 ? leaf : { a: nest(depth - 1, leaf) });

describe('headline, in the course words for every matcher', () => {
  it.each([
    ['an asymmetric matcher by what it stands for', facts({ message: 'expected {…} to deeply equal {…}', actual: reply({ error: { code: 1, message: 2 } }), expected: reply({ error: { code: 1, message: expect.any(String) } }) }), 'The answer of `route` has error.message 2; this check expects any string.'],
    ['text matching a pattern', facts({ message: 'expected {…} to deeply equal {…}', actual: { m: 1 }, expected: { m: expect.stringMatching(/^a/) } }), 'The answer of `route` has m 1; this check expects text matching /^a/.'],
    ['an object with keys', facts({ message: 'expected {…} to deeply equal {…}', actual: { r: 1 }, expected: { r: expect.objectContaining({ a: 1 }) } }), 'The answer of `route` has r 1; this check expects an object with a.'],
    ['a long explanation is not a name', facts({ message: 'A single message gets a single response object, not an array: expected true to be false', actual: true, expected: false, actualIsReturned: false }), 'A single message gets a single response object, not an array.'],
    ['toBeTypeOf on null', facts({ message: "the reply: expected null to be type of 'string'", actual: null, expected: 'string' }), 'The reply is null; this check expects a string.'],
    ['toMatch on what is not text', facts({ message: '.toMatch() expects to receive a string, but got object', actual: { a: 1 }, expected: undefined }), 'What `route` answered is an object with a, not text; this check expects text.'],
    ['an extra key deep down, found where it is', facts({ message: 'expected {…} to deeply equal {…}', actual: { result: { tools: [{ inputSchema: { properties: { a: { type: 'number', run: 1 } } } }] } }, expected: { result: { tools: [{ inputSchema: { properties: { a: { type: 'number' } } } }] } } }), 'The answer of `route` has result.tools[0].inputSchema.properties.a.run (1), which this check does not expect there.'],
    ['two objects alike in outline past the depth looked into', facts({ message: 'expected {…} to deeply equal {…}', actual: nest(13, { m: 1 }), expected: nest(13, { m: 2 }) }), 'The answer of `route` differs from what this check expects inside a.a.a.a.a.a.a.a.a.a.a.a: see the difference below.'],
  ])('%s', (_name, f, sentence) => {
    expect(headline(f)).toBe(sentence);
  });

  it('calls a function a function, not an object with a name', async () => {
    const { LearnerFunction } = await import('./codec/decode.ts');
    const f = facts({ message: 'expected {…} to deeply equal {…}', actual: { run: new LearnerFunction('handler') }, expected: { run: 1 } });
    expect(headline(f)).toBe('The answer of `route` has run a function `handler`; this check expects 1.');
  });
});

describe('headline past the depth it looks into', () => {
  it('skips objects that are equal deep down and names the difference after them', () => {
    const deep = nest(13, { m: 1 });
    const f = facts({ message: 'expected {…} to deeply equal {…}', actual: { schema: deep, ttlMs: undefined }, expected: { schema: nest(13, { m: 1 }), ttlMs: 60000 } });
    expect(headline(f)).toBe('The answer of `route` has ttlMs undefined; this check expects 60000.');
  });
});
