/**
 * How an example's reply is compared with what an implementation returned, one row per name an
 * examples exercise may give in `compare`. Both values are judge-realm copies (decoded from the
 * codec), so nothing here runs learner code. A comparison must leave free exactly what the task
 * leaves free, or a correct example is called invalid: the freedoms are the generated checks'
 * own (check/freedoms.ts), so an example and a generated check of one exercise agree on them.
 */
import type { ExampleComparison } from '../../content/index.ts';
import { batchOrder, errorMessage, jsonText, normalized } from '../check/freedoms.ts';
import { strictlyEqual } from '../strict-equal.ts';

export interface Comparison {
  name: ExampleComparison;
  /** Whether `received` is what `expected` says. */
  agrees(expected: unknown, received: unknown): boolean;
  /** Both sides as they are compared (what the task leaves free taken out), for saying where they differ. */
  forms(expected: unknown, received: unknown): { expected: unknown; received: unknown };
}

/** The freedoms of a JSON-RPC reply given as text, after it is parsed: batch order and error messages. */
const REPLY_FREEDOMS = [batchOrder, errorMessage];
const NO_CALL = { name: '', args: [] };

/**
 * A reply as the jsonrpc-text comparison sees it. An implementation must return text (or null);
 * the learner's example may give its reply as that text or as the value it stands for.
 */
function textForm(value: unknown, replyWritten: boolean): unknown {
  const parsed = replyWritten && value !== null && typeof value === 'object' ? value : jsonText.normalize(value, NO_CALL);
  return normalized(parsed, REPLY_FREEDOMS, NO_CALL);
}

const textForms = (expected: unknown, received: unknown) => ({ expected: textForm(expected, true), received: textForm(received, false) });

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
