/**
 * `_meta` objects as MCP messages carry them (basic/index, "General fields"): absent, empty,
 * with a progress token of either kind, with reserved `io.modelcontextprotocol/*` keys and with
 * keys of the sender's own prefix.
 */
import fc, { type Arbitrary } from 'fast-check';
import { jsonValues } from './json.ts';

/** Progress tokens (basic/utilities/progress): a string or an integer, `0` and `""` among them. */
export function progressTokens(): Arbitrary<string | number> {
  return fc.oneof(fc.constantFrom(0, 1, -1, '', '0', 'p1', 'token'), fc.integer(), fc.string({ maxLength: 10 }));
}

/** A `_meta` value: undefined (absent), or an object with some of the keys above. */
export function metas(options: { absent?: boolean } = {}): Arbitrary<Record<string, unknown> | undefined> {
  const key = fc.constantFrom('progressToken', 'io.modelcontextprotocol/related-task', 'io.modelcontextprotocol/protocolVersion', 'example.com/trace', 'note', '__proto__');
  const object = fc.array(fc.tuple(key, fc.oneof(progressTokens(), jsonValues({ maxDepth: 1 }))), { maxLength: 3 }).map((entries) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
  return options.absent === false ? object : fc.oneof(fc.constant(undefined), object);
}
