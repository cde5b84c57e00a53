/**
 * How an example's reply is compared with what an implementation returned, one row per name an
 * examples exercise may give in `compare`. Both values are judge-realm copies (decoded from the
 * codec), so nothing here runs learner code. A comparison must leave free exactly what the task
 * leaves free, or a correct example is called invalid.
 */
import type { ExampleComparison } from '../../content/index.ts';
import { strictlyEqual } from '../strict-equal.ts';

export interface Comparison {
  name: ExampleComparison;
  /** Whether `received` is what `expected` says. */
  agrees(expected: unknown, received: unknown): boolean;
  /** Both sides as they are compared (what the task leaves free taken out), for saying where they differ. */
  forms(expected: unknown, received: unknown): { expected: unknown; received: unknown };
}

/**
 * Stands for any non-empty error message: JSON-RPC leaves the text to the server. A string, not
 * a symbol: a call at the top of a module would keep the whole grader in the page's first load.
 */
const ANY_MESSAGE = '(any non-empty message)';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A response with its error message, when it has a non-empty one, replaced by {@link ANY_MESSAGE}. */
function withAnyMessage(response: unknown): unknown {
  if (!isRecord(response) || !isRecord(response.error)) return response;
  const { message } = response.error;
  if (typeof message !== 'string' || message === '') return response;
  return { ...response, error: { ...response.error, message: ANY_MESSAGE } };
}

/** JSON text of a parsed value with keys sorted: the order batch responses are put in. */
function sortKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!isRecord(v)) return v;
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]));
  });
}

type Wire = { nothing: true } | { text: unknown } | { unparsable: string } | { notText: unknown };

/** What went on the wire: nothing (null), JSON text (parsed), or something that is not JSON text. */
function wire(value: unknown, replyWritten: boolean): Wire {
  if (value === null) return { nothing: true };
  if (typeof value === 'string') {
    try {
      return { text: JSON.parse(value) as unknown };
    } catch {
      return { unparsable: value };
    }
  }
  // The learner may write the reply as the value it stands for; a function must return text.
  return replyWritten ? { text: value } : { notText: value };
}

/** A parsed reply with what the task leaves free taken out: batch order and error messages. */
function normalised(reply: Wire): Wire {
  if (!('text' in reply)) return reply;
  const value = reply.text;
  if (!Array.isArray(value)) return { text: withAnyMessage(value) };
  const responses = value.map(withAnyMessage);
  const keyed = responses.map((r) => [sortKey(r), r] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { text: keyed.map(([, r]) => r) };
}

/** Both replies of the jsonrpc-text comparison as compared: parsed, batch sorted, messages free. */
const textForms = (expected: unknown, received: unknown) => ({ expected: normalised(wire(expected, true)), received: normalised(wire(received, false)) });

const COMPARISONS: Record<ExampleComparison, Comparison> = {
  exact: { name: 'exact', agrees: (expected, received) => strictlyEqual(received, expected), forms: (expected, received) => ({ expected, received }) },
  'jsonrpc-text': {
    name: 'jsonrpc-text',
    agrees: (expected, received) => {
      const forms = textForms(expected, received);
      return strictlyEqual(forms.received, forms.expected);
    },
    forms: textForms,
  },
};

/** The comparison named `name` (content checked by the schema, so misuse throws). */
export function comparison(name: ExampleComparison): Comparison {
  const found = COMPARISONS[name];
  if (!found) throw new Error(`comparison: no comparison "${String(name)}"; the names are ${Object.keys(COMPARISONS).join(', ')}.`);
  return found;
}
