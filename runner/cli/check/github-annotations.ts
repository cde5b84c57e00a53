/**
 * Diagnostics as GitHub Actions workflow commands (`::error file=...,line=...,col=...::message`),
 * which the runner turns into annotations on the file and line of a commit or pull request:
 * `course check --format github`. Values are escaped as the Actions toolkit escapes them
 * (@actions/core's command.ts), so a message with a newline or a colon stays one annotation.
 */
import type { Diagnostic, Severity } from '../../content/index.ts';

const COMMANDS: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** The message: `%`, CR and LF escaped. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A property value: the message's escapes, plus `:` and `,`, which separate properties. */
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One workflow command for `d`, its file as given (relative to the repository root in CI). */
export function githubAnnotation(d: Diagnostic): string {
  const properties = [`file=${escapeProperty(d.file)}`, `line=${d.line}`, `col=${d.column}`, `title=${escapeProperty(`course check: ${d.rule}`)}`];
  return `::${COMMANDS[d.severity]} ${properties.join(',')}::${escapeData(d.message)}`;
}
