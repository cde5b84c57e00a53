/**
 * Front matter of a Markdown file: the YAML between a first line `---` and the next line `---`,
 * validated by a zod schema with each problem at its line and column (see yaml-data.ts).
 */
import type { z } from 'zod';
import type { Diagnostic } from './diagnostic.ts';
import { diagnostic, FILE_START } from './position.ts';
import { parseYamlData, type DataPath, type Locate } from './yaml-data.ts';

/** A path into the front matter, as zod reports it: keys and array indices. */
export type FrontMatterPath = DataPath;

export type { Locate };

export interface FrontMatterResult<T> {
  /** The validated front matter (schema defaults applied); absent when any error was found. */
  data?: T;
  /** The Markdown after the closing `---` (the whole text when there is no front matter). */
  body: string;
  /** 1-based line of the file where `body` starts. */
  bodyStartLine: number;
  diagnostics: Diagnostic[];
  locate: Locate;
}

export interface FrontMatterOptions<S extends z.ZodType> {
  /** Path relative to the course root, used in diagnostics. */
  file: string;
  text: string;
  schema: S;
}

const FENCE = /^---[ \t]*\r?$/;

/**
 * Splits, parses and validates the front matter of `text`. Never throws on bad content: every
 * problem becomes a diagnostic (`front-matter/missing`, `front-matter/unclosed`,
 * `front-matter/yaml`, `front-matter/schema`, `front-matter/unknown-key`).
 */
export function parseFrontMatter<S extends z.ZodType>(options: FrontMatterOptions<S>): FrontMatterResult<z.output<S>> {
  const { file, text, schema } = options;
  const atStart: Locate = () => FILE_START;
  const lines = text.split('\n');
  // Editors on Windows may save a byte-order mark before the opening fence.
  if (!FENCE.test((lines[0] ?? '').replace(/^\uFEFF/, ''))) {
    const message = 'The file has no front matter; start it with a line `---`, the YAML fields, then another line `---`.';
    return { body: text, bodyStartLine: 1, locate: atStart, diagnostics: [diagnostic(file, 'front-matter/missing', 'error', message)] };
  }
  const close = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (close < 0) {
    const message = 'The front matter is never closed; add a line `---` after its last field.';
    return { body: '', bodyStartLine: lines.length + 1, locate: atStart, diagnostics: [diagnostic(file, 'front-matter/unclosed', 'error', message)] };
  }
  // Trailing CRs are dropped so CRLF files parse; columns before them are unchanged.
  const yamlText = lines.slice(1, close).map((line) => line.replace(/\r$/, '')).join('\n');
  const body = lines.slice(close + 1).join('\n');
  const bodyStartLine = close + 2;

  const parsed = parseYamlData({ file, yaml: yamlText, schema, firstLine: 2, what: 'the front matter', rules: 'front-matter' });
  const result: FrontMatterResult<z.output<S>> = { body, bodyStartLine, diagnostics: parsed.diagnostics, locate: parsed.locate };
  if (parsed.data !== undefined) result.data = parsed.data;
  return result;
}
