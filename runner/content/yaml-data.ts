/**
 * YAML data validated by a zod schema, with every problem at its line and column: parsed with
 * `yaml`'s `parseDocument`, which keeps the range of every node, so each problem the schema finds
 * is reported at the value (or at its parent key when the value is missing) rather than at the top
 * of the file. Used for front matter and for the exercise's equivalent-mutants.yml.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import type { Diagnostic } from './diagnostic.ts';
import { diagnostic, FILE_START } from './position.ts';
import type { SourcePosition } from './position.ts';
import { describeAt, formatPath, keysAt } from './schema-paths.ts';

/** A path into the data, as zod reports it: keys and array indices. */
export type DataPath = readonly PropertyKey[];

/** Finds where a value is written; falls back to its parent key, then to line 1. */
export type Locate = (path: DataPath) => SourcePosition;

export interface YamlDataOptions<S extends z.ZodType> {
  /** Path relative to the course root, used in diagnostics. */
  file: string;
  /** The YAML text alone. */
  yaml: string;
  schema: S;
  /** 1-based line of `file` where `yaml` starts. */
  firstLine: number;
  /** What the YAML is, in messages: "the front matter", "the file". */
  what: string;
  /** Rule id prefix: `<prefix>/yaml`, `<prefix>/schema`, `<prefix>/unknown-key`. */
  rules: string;
}

export interface YamlDataResult<T> {
  /** The validated data (schema defaults applied); absent when any error was found. */
  data?: T;
  diagnostics: Diagnostic[];
  locate: Locate;
}

/** Parses and validates `yaml`. Never throws on bad content: every problem becomes a diagnostic. */
export function parseYamlData<S extends z.ZodType>(options: YamlDataOptions<S>): YamlDataResult<z.output<S>> {
  const { file, yaml, schema, firstLine, what, rules } = options;
  const counter = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter: counter, prettyErrors: false });
  const toPosition = (offset: number): SourcePosition => {
    const { line, col } = counter.linePos(offset);
    return { line: line + firstLine - 1, column: col };
  };
  const locateKey = (path: DataPath, wantKey: boolean): SourcePosition => {
    const found = findNode(doc, path);
    const node = wantKey ? found.key : (found.node ?? found.key);
    return node?.range ? toPosition(node.range[0]) : FILE_START;
  };
  const locate: Locate = (path) => locateKey(path, false);

  const diagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const fault = unclosedOpener(yaml, error, what);
    const message = fault ? fault.message : yamlMessage(error.message, what);
    diagnostics.push(diagnostic(file, `${rules}/yaml`, 'error', message, toPosition(fault ? fault.offset : error.pos[0])));
  }
  for (const warning of doc.warnings) {
    diagnostics.push(diagnostic(file, `${rules}/yaml`, 'warning', yamlMessage(warning.message, what), toPosition(warning.pos[0])));
  }
  if (doc.errors.length > 0) return { diagnostics, locate };

  const parsed = schema.safeParse(doc.toJS() ?? {});
  if (parsed.success) return { data: parsed.data, diagnostics, locate };

  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const allowed = keysAt(schema, issue.path);
      for (const key of issue.keys) {
        const where = [...issue.path, key];
        const message =
          `Unknown key \`${formatPath(where)}\` in ${what}; ` +
          (allowed.length > 0 ? `the allowed keys here are ${allowed.map((k) => `\`${k}\``).join(', ')}.` : 'remove it.');
        diagnostics.push(diagnostic(file, `${rules}/unknown-key`, 'error', message, locateKey(where, true)));
      }
      continue;
    }
    const found = findNode(doc, issue.path);
    const description = describeAt(schema, issue.path);
    const missing = found.node === undefined && issue.code === 'invalid_type';
    const where = formatPath(issue.path);
    const unquoted = issue.code === 'invalid_type' && issue.expected === 'string' ? needsQuotes(yaml, found.node) : undefined;
    const message =
      issue.path.length === 0
        ? `${what.charAt(0).toUpperCase()}${what.slice(1)} must be YAML fields, one \`key: value\` per line.`
        : missing
          ? `Add \`${where}\` to ${what}${description ? `: ${description}` : '.'}`
          : unquoted
            ? `\`${where}\` must be text, but ${unquoted}`
            : `\`${where}\`: ${issue.message}${description ? `. ${description}` : '.'}`;
    diagnostics.push(diagnostic(file, `${rules}/schema`, 'error', message, locate(issue.path)));
  }
  return { diagnostics, locate };
}

interface Found {
  /** The value node at the path, when it exists and is not an empty value. */
  node?: YamlNode;
  /** The key of the deepest pair (or the deepest sequence item) reached on the way. */
  key?: YamlNode;
}

function findNode(doc: Document, path: DataPath): Found {
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
function unclosedOpener(yamlText: string, error: { code: string; message: string; pos: [number, number] }, what: string): { offset: number; message: string } | undefined {
  const flow = /^Flow (sequence|map) in block collection/.exec(error.message);
  const quote = /^Missing closing (["'])quote/.exec(error.message);
  const opener = flow ? (flow[1] === 'sequence' ? '[' : '{') : quote?.[1];
  if (!opener) return undefined;
  const offset = yamlText.lastIndexOf(opener, error.pos[0] - 1);
  if (offset < 0) return undefined;
  if (quote) return { offset, message: `Invalid YAML in ${what}: this ${opener} starts a quoted value that is never closed. Close the quote on the same line.` };
  const closer = opener === '[' ? ']' : '}';
  const kind = opener === '[' ? 'a list' : 'a mapping';
  return {
    offset,
    message: `Invalid YAML in ${what}: this \`${opener}\` starts ${kind} that is never closed with \`${closer}\`. Close it, or put the whole value in single quotes if the brackets are text.`,
  };
}

/**
 * How to fix the yaml package's errors that authors of prose meet, by the start of its message
 * (one code covers several causes; the message names the one met).
 */
const YAML_FIXES: readonly (readonly [RegExp, string])[] = [
  // `hint: "Quoted" and more`: a value that opens with a quote ends at the closing one.
  [/^Unexpected scalar at node end/, 'a value that starts with a quote ends where the quote closes, so the text after it is left over. Put the whole value in single quotes (write a \'\' for each \' inside), or start it with something other than a quote'],
  // `title: Lesson 2: batches`: a ": " inside a plain value reads as a second key.
  [/^Nested mappings are not allowed in compact mappings/, 'the value holds ": " (a colon and a space), which YAML reads as the start of another key. Put the whole value in single quotes'],
  [/^A block sequence may not be used as an implicit map key/, 'this list item is indented less than the items before it; indent every item of one list by the same amount'],
  [/^All (mapping|sequence) items must start at the same column/, 'the items of one list or mapping must start at the same column; indent this line as its siblings are'],
  [/^Tabs are not allowed as indentation/, 'YAML indents with spaces only; replace the tabs at the start of this line with spaces'],
];

function yamlMessage(message: string, what: string): string {
  // The yaml package appends " at line L, column C:" and a code excerpt; the position is ours.
  const first = (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
  const fix = YAML_FIXES.find(([pattern]) => pattern.test(first))?.[1];
  return `Invalid YAML in ${what}: ${first}${fix ? `: ${fix}` : ''}.`.replace(/\.\.$/, '.');
}
