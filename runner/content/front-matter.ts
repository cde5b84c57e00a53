/**
 * Front matter of a Markdown file: the YAML between a first line `---` and the next line `---`.
 * Parsed with `yaml`'s `parseDocument`, which keeps the range of every node, so each problem the
 * zod schema finds is reported at the line and column of the value (or of its parent key when
 * the value is missing) rather than at the top of the file.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import type { Diagnostic } from './diagnostic.ts';
import { diagnostic, FILE_START } from './position.ts';
import type { SourcePosition } from './position.ts';
import { describeAt, formatPath, keysAt } from './schema-paths.ts';

/** A path into the front matter, as zod reports it: keys and array indices. */
export type FrontMatterPath = readonly PropertyKey[];

/** Finds where a front-matter value is written; falls back to its parent key, then to line 1. */
export type Locate = (path: FrontMatterPath) => SourcePosition;

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

  const counter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: counter, prettyErrors: false });
  // YAML lines are counted from the line after the opening `---`.
  const toPosition = (offset: number): SourcePosition => {
    const { line, col } = counter.linePos(offset);
    return { line: line + 1, column: col };
  };
  const locateKey = (path: FrontMatterPath, wantKey: boolean): SourcePosition => {
    const found = findNode(doc, path);
    const node = wantKey ? found.key : (found.node ?? found.key);
    return node?.range ? toPosition(node.range[0]) : FILE_START;
  };
  const locate: Locate = (path) => locateKey(path, false);

  const diagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const fault = unclosedOpener(yamlText, error);
    const message = fault ? fault.message : yamlMessage(error.message);
    diagnostics.push(diagnostic(file, 'front-matter/yaml', 'error', message, toPosition(fault ? fault.offset : error.pos[0])));
  }
  for (const warning of doc.warnings) {
    diagnostics.push(diagnostic(file, 'front-matter/yaml', 'warning', yamlMessage(warning.message), toPosition(warning.pos[0])));
  }
  if (doc.errors.length > 0) return { body, bodyStartLine, diagnostics, locate };

  const parsed = schema.safeParse(doc.toJS() ?? {});
  if (parsed.success) return { data: parsed.data, body, bodyStartLine, diagnostics, locate };

  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const allowed = keysAt(schema, issue.path);
      for (const key of issue.keys) {
        const where = [...issue.path, key];
        const message =
          `Unknown key \`${formatPath(where)}\` in the front matter; ` +
          (allowed.length > 0 ? `the allowed keys here are ${allowed.map((k) => `\`${k}\``).join(', ')}.` : 'remove it.');
        diagnostics.push(diagnostic(file, 'front-matter/unknown-key', 'error', message, locateKey(where, true)));
      }
      continue;
    }
    const found = findNode(doc, issue.path);
    const description = describeAt(schema, issue.path);
    const missing = found.node === undefined && issue.code === 'invalid_type';
    const where = formatPath(issue.path);
    const unquoted = issue.code === 'invalid_type' && issue.expected === 'string' ? needsQuotes(yamlText, found.node) : undefined;
    const message =
      issue.path.length === 0
        ? 'The front matter must be YAML fields, one `key: value` per line.'
        : missing
          ? `Add \`${where}\` to the front matter${description ? `: ${description}` : '.'}`
          : unquoted
            ? `\`${where}\` must be text, but ${unquoted}`
            : `\`${where}\`: ${issue.message}${description ? `. ${description}` : '.'}`;
    diagnostics.push(diagnostic(file, 'front-matter/schema', 'error', message, locate(issue.path)));
  }
  return { body, bodyStartLine, diagnostics, locate };
}

interface Found {
  /** The value node at the path, when it exists and is not an empty value. */
  node?: YamlNode;
  /** The key of the deepest pair (or the deepest sequence item) reached on the way. */
  key?: YamlNode;
}

function findNode(doc: Document, path: FrontMatterPath): Found {
  let current: unknown = doc.contents;
  let key: YamlNode | undefined;
  for (const segment of path) {
    if (isMap(current)) {
      const pair = current.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === segment);
      if (!pair) return { key };
      key = isScalar(pair.key) ? pair.key : key;
      current = pair.value;
    } else if (isSeq(current) && typeof segment === 'number') {
      const item = current.items[segment];
      if (!item) return { key };
      key = item as YamlNode;
      current = item;
    } else {
      return { key };
    }
  }
  const node = current as YamlNode | null | undefined;
  // `title:` with nothing after it parses as an empty scalar; its key is the useful place.
  const empty = isScalar(node) && node.value === null && node.range?.[0] === node.range?.[1];
  return node && !empty ? { node, key } : { key };
}

/**
 * For text that YAML read as a mapping or a list (a hint written `"id": null`, or starting with
 * `[`), why, and the quoted value to write instead; undefined for any other node.
 */
function needsQuotes(yamlText: string, node: YamlNode | undefined): string | undefined {
  if (!node?.range || !(isMap(node) || isSeq(node))) return undefined;
  const written = yamlText.slice(node.range[0], node.range[1]).trim();
  if (written.includes('\n')) return undefined;
  const quoted = `'${written.replaceAll("'", "''")}'`;
  const why = isMap(node) ? 'YAML reads it as a key and a value because of the `: `' : 'YAML reads it as a list because it starts with `[`';
  return `${why}. Put the whole value in single quotes: ${quoted}`;
}

/**
 * YAML notices an unclosed `[`, `{` or quote only where the next line starts; the fault is the
 * opener. Its offset and a message saying so, or undefined for other errors.
 */
function unclosedOpener(yamlText: string, error: { code: string; message: string; pos: [number, number] }): { offset: number; message: string } | undefined {
  const flow = /^Flow (sequence|map) in block collection/.exec(error.message);
  const quote = /^Missing closing (["'])quote/.exec(error.message);
  const opener = flow ? (flow[1] === 'sequence' ? '[' : '{') : quote?.[1];
  if (!opener) return undefined;
  const offset = yamlText.lastIndexOf(opener, error.pos[0] - 1);
  if (offset < 0) return undefined;
  if (quote) return { offset, message: `Invalid YAML in the front matter: this ${opener} starts a quoted value that is never closed. Close the quote on the same line.` };
  const closer = opener === '[' ? ']' : '}';
  const what = opener === '[' ? 'a list' : 'a mapping';
  return {
    offset,
    message: `Invalid YAML in the front matter: this \`${opener}\` starts ${what} that is never closed with \`${closer}\`. Close it, or put the whole value in single quotes if the brackets are text.`,
  };
}

function yamlMessage(message: string): string {
  // The yaml package appends " at line L, column C:" and a code excerpt; the position is ours.
  const first = message.split('\n')[0] ?? message;
  return `Invalid YAML in the front matter: ${first.replace(/ at line \d+, column \d+:?$/, '')}.`.replace(/\.\.$/, '.');
}
