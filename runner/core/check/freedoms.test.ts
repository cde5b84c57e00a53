import { describe, expect, it } from 'vitest';
import { strictlyEqual } from '../strict-equal.ts';
import { anyTextAt, batchOrder, errorData, errorMessage, jsonText, normalized, onlyFor, undefinedAsAbsent } from './freedoms.ts';
import type { Freedom } from './types.ts';

const call = { name: 'route', args: [] };
const error = (id: unknown, extra: object = {}) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found', ...extra } });
const result = (id: unknown) => ({ jsonrpc: '2.0', id, result: {} });

/** Each library freedom with answers its vary changes and answers it must leave as they are. */
const CASES: [Freedom, unknown[], unknown[]][] = [
  [errorMessage, [error(1), [result(1), error(2)]], [result(1), null, 'text']],
  [errorData, [error(1), error(1, { data: { x: 1 } }), [error(1)]], [result(1), null]],
  [batchOrder, [[result(1), error(2)]], [[result(1)], result(1), []]],
  [jsonText, ['{"a":1,"b":[1,{"c":2}]}', '[1,2]'], ['not json', '1', null, 3]],
  [undefinedAsAbsent, [result(1), error(1), { jsonrpc: '2.0', method: 'ping' }], [{ jsonrpc: '2.0', method: 'ping', params: {} }, null]],
  [anyTextAt('params.reason', 'any reason'), [{ params: { reason: 'late' } }], [{ params: {} }, { params: { reason: 1 } }]],
];

describe("each library freedom's vary", () => {
  for (const [freedom, changed, unchanged] of CASES) {
    it(`${freedom.name}: gives another answer the freedom counts as the same, and leaves others as they are`, () => {
      for (const value of changed) {
        const varied = freedom.vary?.(value, call);
        expect(strictlyEqual(varied, value)).toBe(false);
        expect(strictlyEqual(normalized(varied, [freedom], call), normalized(value, [freedom], call))).toBe(true);
      }
      for (const value of unchanged) expect(freedom.vary?.(value, call)).toBe(value);
    });
  }

  it('onlyFor varies the named functions only', () => {
    const freedom = onlyFor(['receive'], errorMessage);
    expect(freedom.vary?.(error(1), { name: 'receive', args: [] })).not.toEqual(error(1));
    expect(freedom.vary?.(error(1), { name: 'outcome', args: [] })).toEqual(error(1));
  });

  it('jsonText hands the object its text holds to the freedoms after it, and writes it back as JSON', () => {
    const text = JSON.stringify([error(1)]);
    const inner = jsonText.inside?.(text, (form) => errorMessage.vary?.(form, call));
    expect(JSON.parse(inner as string)).toEqual([{ ...error(1), error: { code: -32601, message: expect.not.stringMatching(/^Method not found$/) } }]);
    expect(jsonText.inside?.('not json', () => 'x')).toBe('not json');
  });
});
