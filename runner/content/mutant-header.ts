/**
 * The header of a mutant file: `// key: value` comment lines at its top, read into one object
 * and checked by {@link mutantHeaderSchema}. `mistake` is for instructors (the check table),
 * `learner` is what a learner reads when their submission fails like this mutant, `catches` (in
 * the third person) what a learner reads when their examples catch it in an examples exercise,
 * `hint` points at the exercise hint that addresses it.
 *
 * ```js
 * // mistake: treats a request with id 0 as a notification, because `!msg.id` is also true for 0.
 * // learner: Your router seems to treat a message with id 0 as a notification. Look again at what makes a message a notification.
 * // catches: a router that treats id 0 as a notification
 * // hint: 3
 * ```
 */
import type { Diagnostic } from './diagnostic.ts';
import { diagnostic } from './position.ts';
import { mutantHeaderSchema, type MutantHeader } from './schema.ts';

const LINE = /^\/\/\s*([a-z][a-z-]*):\s*(.*?)\s*$/;

export interface MutantHeaderResult {
  header?: MutantHeader;
  /** Line of each key in the file, for later checks (e.g. a hint number past the last hint). */
  lines: Partial<Record<keyof MutantHeader, number>>;
  diagnostics: Diagnostic[];
}

/** Reads the header of the mutant `file`; every problem is a diagnostic at its line. */
export function parseMutantHeader(file: string, source: string): MutantHeaderResult {
  const raw: Record<string, string> = {};
  const lines: Record<string, number> = {};
  const diagnostics: Diagnostic[] = [];
  const text = source.split('\n');
  for (let i = 0; i < text.length; i++) {
    const match = LINE.exec((text[i] ?? '').replace(/\r$/, ''));
    if (!match) break;
    const [, key = '', value = ''] = match;
    if (key in raw) {
      diagnostics.push(diagnostic(file, 'mutant/header', 'error', `\`${key}\` is written twice in the header; keep one.`, { line: i + 1, column: 1 }));
      continue;
    }
    raw[key] = value;
    lines[key] = i + 1;
  }
  if (raw.mistake === undefined || raw.mistake === '') {
    const message = 'The first line of a mutant must be `// mistake: <one sentence naming the mistake>`; add it.';
    return { lines, diagnostics: [...diagnostics, diagnostic(file, 'mutant/no-mistake', 'error', message)] };
  }
  if (raw.learner === undefined) {
    const message =
      'Add `// learner: <sentence>` under the mistake line: what a learner whose code fails like this one reads, in the second person, naming the misunderstanding without giving the fix.';
    diagnostics.push(diagnostic(file, 'mutant/no-learner-sentence', 'error', message, { line: 1, column: 1 }));
    return { lines, diagnostics };
  }
  const parsed = mutantHeaderSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : 'mistake'));
      const known = mutantHeaderSchema.shape[key as keyof MutantHeader];
      const what = issue.code === 'unrecognized_keys' ? `\`${issue.keys.join('`, `')}\` is not a header key (mistake, learner, catches, hint)` : `\`${key}\`: ${issue.message}`;
      const line = lines[issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? key) : key] ?? 1;
      const described = known?.description ? ` (${known.description})` : '';
      diagnostics.push(diagnostic(file, 'mutant/header', 'error', `${what}${described}.`, { line, column: 1 }));
    }
    return { lines, diagnostics };
  }
  return { header: parsed.data, lines, diagnostics };
}
