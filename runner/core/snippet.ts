/**
 * Runs a lesson snippet (runnable example or prediction) in a fresh sandbox and returns its
 * console output: the real output a prediction is checked against.
 */
import { DEFAULT_GUEST_OPTIONS } from './guest/source.ts';
import { prepareSource } from './prepare.ts';
import type { SnippetRequest, SnippetResult } from './runner-api.ts';
import type { SandboxHost } from './sandbox.ts';

export async function runSnippet(request: SnippetRequest, host: SandboxHost): Promise<SnippetResult> {
  const timeoutMs = request.timeoutMs ?? 2000;
  const filename = request.language === 'ts' ? 'example.ts' : 'example.js';
  const prepared = await prepareSource(request.code, request.language, filename);
  if (!prepared.ok) {
    return { output: [], outputTruncated: false, error: { message: prepared.message, cause: 'syntax', ...(prepared.place ? { place: prepared.place } : {}) } };
  }
  const box = await host.create({ memoryMb: 64 });
  try {
    const reply = await box.send(
      { type: 'load', source: prepared.script, filename, names: [] },
      { timeoutMs, ...(request.signal ? { signal: request.signal } : {}) },
    );
    switch (reply.type) {
      case 'loaded':
      case 'load-threw': {
        // The guest keeps at most maxConsoleChars per reply, cutting the entry that crosses it.
        const kept = reply.console.reduce((sum, entry) => sum + entry.text.length, 0);
        const truncated = reply.consoleDropped > 0 || kept >= DEFAULT_GUEST_OPTIONS.maxConsoleChars;
        const base = { output: reply.console, outputTruncated: truncated };
        if (reply.type === 'loaded') return base;
        const e = reply.error;
        const place = e.line ? { line: e.line, column: e.column ?? 1 } : undefined;
        const what = e.kind === 'error' ? `${e.name}: ${e.message}` : `${e.message} (a thrown ${e.name}, not an Error)`;
        return { ...base, error: { message: `Uncaught ${what}${place ? ` on line ${place.line}` : ''}`, cause: 'threw', ...(place ? { place } : {}) } };
      }
      case 'timeout':
        return { output: [], outputTruncated: false, error: { message: `The example did not finish within ${timeoutMs} ms and was stopped.`, cause: 'timeout' } };
      case 'memory':
        return { output: [], outputTruncated: false, error: { message: 'The example used too much memory and was stopped.', cause: 'memory' } };
      case 'cancelled':
        return { output: [], outputTruncated: false, error: { message: 'The example was cancelled.', cause: 'cancelled' } };
      default:
        return { output: [], outputTruncated: false, error: { message: 'The sandbox stopped unexpectedly.', cause: 'crashed' } };
    }
  } finally {
    box.dispose();
  }
}
