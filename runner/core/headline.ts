import { equals, iterableEquality } from '@vitest/expect';
import { LearnerFunction } from './codec/decode.ts';

/**
 * The first line of a failed check, in the course's words: what the learner's function answered
 * and what the check expects, at the first place they differ ("route answered with error.code
 * -32600 (Invalid Request); this check expects -32601 (Method not found)"). The matcher's own
 * text ("expected { jsonrpc: '2.0', id: 1, …(2) } to deeply equal …") and the diff stay below it.
 *
 * Test authors can name the value under test with vitest's message argument: a message that
 * starts with an article names it (`expect(reply, 'the reply to initialize')` makes the subject
 * "the reply to initialize"); any other message explains the check and leads the sentence.
 * Without one, the subject is the learner's function when the value is what it returned, else
 * "the value checked". Returns undefined when it cannot say more than the matcher.
 */

/** What a failed assertion tells about itself, as the judge sees it. */
export interface FailureFacts {
  /** The matcher's message, e.g. `expected 2 to be 3 // Object.is equality`. */
  message: string;
  actual: unknown;
  expected: unknown;
  /** True when `actual` is exactly what the last call into learner code returned. */
  actualIsReturned: boolean;
  /** Name of the learner's function called last (e.g. `route`). */
  functionName?: string;
  /** The JSON-RPC method of the message that call answered, when it had one. */
  method?: string;
}

const ERROR_NAMES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid Request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
};

type Kind = 'equal' | 'match' | 'null';

/** Which kind of comparison the matcher made, from its message; undefined for others. */
function kindOf(message: string): Kind | undefined {
  if (/ to (deeply|strictly) equal /.test(message) || / to be [^a-z]/i.test(message) || / to be (true|false|undefined)\b/.test(message)) return 'equal';
  if (/ to match object /.test(message)) return 'match';
  if (/ to be null\b/.test(message)) return 'null';
  return undefined;
}

/** vitest's asymmetric matchers in the course's words ("any string", "text matching /x/"). */
function matcherText(matcher: Matcher): string {
  const kind = String((matcher as { toString?: () => string }).toString?.() ?? '');
  const sample = (matcher as { sample?: unknown }).sample;
  const inverse = (matcher as { inverse?: boolean }).inverse === true;
  const not = inverse ? 'not ' : '';
  switch (kind) {
    case 'Any':
      return `any ${typeof sample === 'function' ? articleFor(sample.name) : 'value'}`;
    case 'Anything':
      return 'any value but null or undefined';
    case 'StringMatching':
    case 'StringNotMatching':
      return `text ${inverse ? 'not ' : ''}matching ${String(sample)}`;
    case 'StringContaining':
    case 'StringNotContaining':
      return `text ${not}containing ${JSON.stringify(sample)}`;
    case 'ObjectContaining':
    case 'ObjectNotContaining':
      return `an object ${not}with ${sample && typeof sample === 'object' ? Object.keys(sample).slice(0, 4).join(', ') || 'any keys' : 'those keys'}`;
    case 'ArrayContaining':
    case 'ArrayNotContaining':
      return `an array ${not}containing ${Array.isArray(sample) ? sample.map((v) => describeShort(v)).slice(0, 3).join(', ') : 'those items'}`;
    case 'NumberCloseTo':
    case 'NumberNotCloseTo':
      return `a number ${not}close to ${String(sample)}`;
    default:
      return matcher.toAsymmetricMatcher?.() ?? kind;
  }
}

/** "a string", "a Number" from a class name, for "any ...". */
function articleFor(name: string): string {
  const lower: Record<string, string> = { String: 'string', Number: 'number', Boolean: 'boolean', Object: 'object', Array: 'array', Function: 'function', BigInt: 'bigint', Symbol: 'symbol' };
  return lower[name] ?? name;
}

/** Short text of a value for a sentence: literals as written, objects by what they are. */
export function describeShort(value: unknown): string {
  if (isMatcher(value)) return matcherText(value);
  if (value instanceof LearnerFunction) return value.name ? `a function \`${value.name}\`` : 'a function';
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return value.length > 40 ? `${JSON.stringify(value.slice(0, 37))}…` : JSON.stringify(value);
  if (typeof value === 'number') {
    const name = ERROR_NAMES[value];
    return Object.is(value, -0) ? '-0' : name ? `${value} (${name})` : String(value);
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object';
    if ('jsonrpc' in value && ('result' in value || 'error' in value)) return `a reply with ${'error' in value ? 'error' : 'result'}`;
    return `an object with ${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}`;
  }
  return typeof value;
}

interface Matcher {
  asymmetricMatch(other: unknown): boolean;
  toAsymmetricMatcher?(): string;
}

/** vitest's `expect.any(String)`, `expect.objectContaining(...)` and the like. */
function isMatcher(value: unknown): value is Matcher {
  return typeof value === 'object' && value !== null && (value as { $$typeof?: unknown }).$$typeof === Symbol.for('jest.asymmetricMatcher');
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isMatcher(value);
}

type Difference =
  | { at: string[]; kind: 'value'; actual: unknown; expected: unknown }
  | { at: string[]; kind: 'missing'; expected: unknown }
  | { at: string[]; kind: 'extra'; actual: unknown };

/**
 * The first place, in the expected value's key order, where `actual` differs from `expected`
 * (for `match`, only the keys `expected` has). Asymmetric matchers are not looked into: they are
 * taken as differing where they stand, which the matcher text below explains.
 */
function firstDifference(actual: unknown, expected: unknown, kind: Kind, at: string[] = [], depth = 0): Difference | undefined {
  if (Object.is(actual, expected)) return undefined;
  if (isMatcher(expected)) {
    let matches = false;
    try {
      matches = expected.asymmetricMatch(actual);
    } catch {
      matches = false;
    }
    return matches ? undefined : { at, kind: 'value', actual, expected };
  }
  if (depth < 12 && isPlain(actual) && isPlain(expected)) {
    for (const key of Object.keys(expected)) {
      if (!Object.hasOwn(actual, key)) return { at: [...at, key], kind: 'missing', expected: expected[key] };
      const inner = firstDifference(actual[key], expected[key], kind, [...at, key], depth + 1);
      if (inner) return inner;
    }
    if (kind === 'equal') {
      for (const key of Object.keys(actual)) if (!Object.hasOwn(expected, key)) return { at: [...at, key], kind: 'extra', actual: actual[key] };
    }
    return undefined;
  }
  if (depth < 12 && Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length) {
    for (let i = 0; i < expected.length; i++) {
      const inner = firstDifference(actual[i], expected[i], kind, [...at, `[${i}]`], depth + 1);
      if (inner) return inner;
    }
    return undefined;
  }
  // Past the depth looked into, or values of other kinds: only a real difference counts (two
  // equal objects deep down are not where the check failed; the difference is elsewhere).
  if (typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null && equals(actual, expected, [iterableEquality])) return undefined;
  return { at, kind: 'value', actual, expected };
}

const pathText = (at: string[]) => at.join('.').replace(/\.\[/g, '[');

/**
 * Where `actual` first differs from `expected` (toStrictEqual's view), as a path such as
 * `[0].error.code` ('' for the whole value), and how: a member missing, one extra, or another value.
 */
export function differenceAt(actual: unknown, expected: unknown): { path: string; kind: 'missing' | 'extra' | 'value' } | undefined {
  const found = firstDifference(actual, expected, 'equal');
  return found ? { path: pathText(found.at), kind: found.kind } : undefined;
}

/**
 * The author's message from vitest's `expect(value, message)` prefix: a name ("the reply to
 * initialize": an article and a few words), or an explanation (a rule in a sentence).
 */
function authorsMessage(message: string): { name?: string; explanation?: string } {
  const m = /^(.{1,200}?): expected /.exec(message);
  if (!m?.[1]) return {};
  const text = m[1];
  const isName = /^(the|a|an) /i.test(text) && !/[,;]/.test(text) && text.split(/\s+/).length <= 6;
  return isName ? { name: text } : { explanation: text };
}

/** The headline of a failed check, or undefined when it would only repeat the matcher. */
export function headline(facts: FailureFacts): string | undefined {
  const { name: named, explanation } = authorsMessage(facts.message);
  const special = typeHeadline(facts, named);
  if (special) return explanation ? `${capital(explanation)}: ${special.charAt(0).toLowerCase()}${special.slice(1)}` : special;
  const kind = kindOf(facts.message);
  if (!kind) return undefined;
  const expected = kind === 'null' ? null : facts.expected;
  // A yes/no check whose author explained it: the explanation is the rule, "true; expects false" adds nothing.
  if (explanation && typeof expected === 'boolean' && typeof facts.actual === 'boolean') return `${capital(explanation)}.`;
  const sentence = describeDifference(facts, kind, expected, named);
  return sentence && explanation ? `${capital(explanation)}: ${sentence.charAt(0).toLowerCase() === '`' ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1)}` : sentence;
}

/** Whose value it is, for a sentence: the author's name for it, the learner's function, or "the value checked". */
function ownerOf(facts: FailureFacts, named: string | undefined): string {
  if (named) return capital(named);
  if (facts.actualIsReturned && facts.functionName) return `What \`${facts.functionName}\` answered${facts.method ? ` to \`${facts.method}\`` : ''}`;
  return 'The value checked';
}

/**
 * Matchers about a value's type, in words: `toBeTypeOf('object')` said of null "received: object"
 * (typeof null), and `toMatch` of a non-string "`.toMatch()` expects to receive a string".
 */
function typeHeadline(facts: FailureFacts, named: string | undefined): string | undefined {
  const typeOf = / to be type of '([a-z]+)'/.exec(facts.message);
  if (typeOf) {
    const type = typeOf[1] as string;
    const want = type === 'object' ? 'an object' : type === 'undefined' ? 'undefined' : `a ${type}`;
    return `${ownerOf(facts, named)} is ${describeShort(facts.actual)}; this check expects ${want}.`;
  }
  if (/expects to receive a string/.test(facts.message)) return `${ownerOf(facts, named)} is ${describeShort(facts.actual)}, not text; this check expects text.`;
  return undefined;
}

function describeDifference(facts: FailureFacts, kind: Kind, expected: unknown, named: string | undefined): string | undefined {
  const returned = facts.actualIsReturned && facts.functionName ? `\`${facts.functionName}\`` : undefined;
  const root = firstDifference(facts.actual, expected, kind === 'null' ? 'equal' : kind);
  if (!root) return undefined;
  if (root.at.length === 0) {
    const got = describeShort(facts.actual);
    const want = expected === null ? 'null (no reply at all)' : describeShort(expected);
    if (named) return `${capital(named)} is ${got}; this check expects ${want}.`;
    if (returned) return `${returned} answered ${facts.method ? `\`${facts.method}\` ` : ''}with ${got}; this check expects ${want}.`;
    return `This check expects ${want}, and got ${got}.`;
  }
  const where = pathText(root.at);
  const owner = named ? capital(named) : returned ? `The answer of ${returned}${facts.method ? ` to \`${facts.method}\`` : ''}` : 'The value checked';
  switch (root.kind) {
    case 'missing':
      return `${owner} has no ${where}; this check expects ${where} to be ${describeShort(root.expected)}.`;
    case 'extra':
      return `${owner} has ${where} (${describeShort(root.actual)}), which this check does not expect there.`;
    case 'value': {
      const got = describeShort(root.actual);
      const want = describeShort(root.expected);
      // Two objects alike in outline (past the depth looked into): say where, the diff says how.
      if (got === want) return `${owner} differs from what this check expects inside ${where}: see the difference below.`;
      return `${owner} has ${where} ${got}; this check expects ${want}.`;
    }
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
