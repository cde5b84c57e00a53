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
    diagnostics.push(diagnostic(file, `${rules}/yaml`, 'error', yamlMessage(error.message, what), toPosition(error.pos[0])));
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
    const message =
      issue.path.length === 0
        ? `${what.charAt(0).toUpperCase()}${what.slice(1)} must be YAML fields, one \`key: value\` per line.`
        : missing
          ? `Add \`${where}\` to ${what}${description ? `: ${description}` : '.'}`
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

function yamlMessage(message: string, what: string): string {
  // The yaml package appends " at line L, column C:" and a code excerpt; the position is ours.
  const first = message.split('\n')[0] ?? message;
  return `Invalid YAML in ${what}: ${first.replace(/ at line \d+, column \d+:?$/, '')}.`.replace(/\.\.$/, '.');
}
