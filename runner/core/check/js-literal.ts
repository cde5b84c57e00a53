/**
 * A value written as JavaScript a learner can paste into their editor and run: strings quoted and
 * escaped (a lone surrogate as `\ud800`, a newline as `\n`), keys quoted where they are not
 * identifiers, an own `__proto__` key as `["__proto__"]` (written bare it would set the
 * prototype), `undefined`, `-0`, `NaN`, `1n`. Cut past `maxChars` with an ellipsis comment.
 * For plain data (what generated inputs are); anything else prints as a short comment.
 */

import { ClientPeer } from './client-peer.ts';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function keyText(key: string): string {
  if (key === '__proto__') return '["__proto__"]';
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}

function numberText(n: number): string {
  if (Object.is(n, -0)) return '-0';
  return String(n);
}

/** Writes `value`; `budget` counts characters left and stops deep or long values early. */
function write(value: unknown, out: string[], budget: { left: number }, depth: number): void {
  if (budget.left <= 0) return;
  const put = (text: string) => {
    out.push(text);
    budget.left -= text.length;
  };
  if (value === undefined) return put('undefined');
  if (value === null) return put('null');
  switch (typeof value) {
    case 'string':
      return put(JSON.stringify(value));
    case 'number':
      return put(numberText(value));
    case 'boolean':
      return put(String(value));
    case 'bigint':
      return put(`${value}n`);
    case 'object':
      break;
    default:
      return put(`/* ${typeof value} */ undefined`);
  }
  if (depth > 30) return put('/* … */');
  if (Array.isArray(value)) {
    put('[');
    for (let i = 0; i < value.length; i++) {
      if (budget.left <= 0) break;
      if (i) put(', ');
      write(value[i], out, budget, depth + 1);
    }
    return put(']');
  }
  // A test's client (client-peer.ts) as the tests file wrote it.
  if (value instanceof ClientPeer) {
    put('client(');
    write(value.plan, out, budget, depth + 1);
    return put(')');
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return put(`/* ${(value as object).constructor?.name ?? 'object'} */ {}`);
  const keys = Object.keys(value);
  if (keys.length === 0) return put('{}');
  put('{ ');
  keys.forEach((key, i) => {
    if (budget.left <= 0) return;
    if (i) put(', ');
    put(`${keyText(key)}: `);
    write((value as Record<string, unknown>)[key], out, budget, depth + 1);
  });
  put(' }');
}

/** `value` as JavaScript source text, at most about `maxChars` long. */
export function jsLiteral(value: unknown, maxChars = 2_000): string {
  const out: string[] = [];
  const budget = { left: maxChars };
  write(value, out, budget, 0);
  const text = out.join('');
  return text.length > maxChars ? `${text.slice(0, maxChars)} /* … cut */` : text;
}

/** A call as JavaScript: `route({ jsonrpc: "2.0", id: 1 })`. */
export function callText(name: string, args: readonly unknown[], maxChars = 2_000): string {
  return `${name}(${args.map((a) => jsLiteral(a, maxChars)).join(', ')})`;
}
