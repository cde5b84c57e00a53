/**
 * Reads a child's stdout as JSON-RPC, one message a line, as a stdio host does: every line must
 * parse (a stray byte from the learner's console or the command would break the host), and
 * answers are awaited by id.
 */
import type { Readable } from 'node:stream';

export interface JsonLines {
  /** Every line so far, parsed; a line that did not parse is kept as `{ unparsed: text }`. */
  lines: unknown[];
  /** Resolves with the first message with this id (already read or still to come). */
  reply(id: string | number, ms?: number): Promise<Record<string, unknown>>;
}

export function readJsonLines(stdout: Readable): JsonLines {
  const lines: unknown[] = [];
  const waiting = new Map<string | number, (message: Record<string, unknown>) => void>();
  const byId = new Map<string | number, Record<string, unknown>>();
  let partial = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        lines.push({ unparsed: line });
        continue;
      }
      lines.push(message);
      const id = (message as { id?: string | number }).id;
      if (id === undefined || byId.has(id)) continue;
      byId.set(id, message as Record<string, unknown>);
      waiting.get(id)?.(message as Record<string, unknown>);
      waiting.delete(id);
    }
  });
  return {
    lines,
    reply: (id, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const known = byId.get(id);
        if (known) return resolve(known);
        const timer = setTimeout(() => reject(new Error(`no reply to id ${JSON.stringify(id)} within ${ms} ms`)), ms);
        waiting.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
      }),
  };
}
