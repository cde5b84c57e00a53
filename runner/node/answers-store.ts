/**
 * The reference solution's answers to generated cases, kept on disk for the next grading process: one JSON file per implementation in `<dir>/answers/`, where `dir` is the prebuilt
 * command's build folder, so a new build of the runner (another codec or guest) starts empty.
 * Without it every `course grade` process ran the reference through every case again before its
 * first verdict: a one-file grade paid for two sandboxes instead of one.
 *
 * Additions wait in memory until {@link FlushingAnswersStore.flush} (the grading process calls it
 * once a grade is answered): written at each addition, a file read, merged and written whole
 * again at every step of a shrink cost 12 s of a mutant's first grade in cancel-in-flight.
 *
 * Files are written whole to a temporary name and renamed, so a reader never sees half a file;
 * two processes adding at once may lose the other's addition, which only costs a crossing later.
 * A file that cannot be read or does not name its implementation is ignored.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANSWERS_PER_IMPLEMENTATION, type AnswersStore, type CaseOutcome as Outcome } from '../core/index.ts';

interface StoredAnswers {
  id: string;
  /** By case key (the case's encoding, answers-cache.ts). */
  answers: [string, Outcome[]][];
}

export interface FlushingAnswersStore extends AnswersStore {
  /** Writes the answers added since the last flush. */
  flush(): void;
}

export function answersStore(dir: string): FlushingAnswersStore {
  const folder = join(dir, 'answers');
  const fileOf = (id: string) => join(folder, `${createHash('sha256').update(id).digest('hex').slice(0, 40)}.json`);
  const read = (id: string): Map<string, Outcome[]> => {
    try {
      const stored = JSON.parse(readFileSync(fileOf(id), 'utf8')) as StoredAnswers;
      return stored.id === id && Array.isArray(stored.answers) ? new Map(stored.answers) : new Map();
    } catch {
      return new Map();
    }
  };
  /** Answers added and not written yet, by implementation. */
  const pending = new Map<string, Map<string, Outcome[]>>();
  return {
    load: (id) => read(id),
    add(id, answers) {
      let waiting = pending.get(id);
      if (!waiting) pending.set(id, (waiting = new Map()));
      for (const [key, outcome] of answers) waiting.set(key, outcome);
    },
    flush() {
      for (const [id, waiting] of pending) {
        try {
          // Read again: another process may have added its own since this one loaded the file.
          const all = read(id);
          // Newest last, oldest dropped first, as in memory (answers-cache.ts): a file that kept
          // its first cases once full gave a changed tests file's new cases no room, so they were
          // computed again in every process.
          for (const [key, outcome] of waiting) {
            all.delete(key);
            all.set(key, outcome);
          }
          for (const key of all.keys()) {
            if (all.size <= ANSWERS_PER_IMPLEMENTATION) break;
            all.delete(key);
          }
          mkdirSync(folder, { recursive: true });
          const file = fileOf(id);
          writeFileSync(`${file}.${process.pid}`, JSON.stringify({ id, answers: [...all] } satisfies StoredAnswers));
          renameSync(`${file}.${process.pid}`, file);
        } catch {
          // A folder that cannot be written (read-only install): the answers stay in this process.
        }
      }
      pending.clear();
    },
  };
}
