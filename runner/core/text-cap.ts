/**
 * Bounds on the text one run's results may hold. Every failed check shows its expected, received
 * and diff, on the page and in the CLI's reports alike; a learner's value can make each of them
 * megabytes. Each field is cut at its own cap, and once a run's text passes `run`, the remaining
 * checks get `tight` caps: a run of any size stays near 200 KB. The cuts depend on the text only,
 * never on timing, so the same submission always reads the same.
 */

export const TEXT_LIMITS = {
  message: 2_000,
  input: 2_000,
  expected: 4_000,
  received: 4_000,
  diff: 8_000,
  /** One input or output of a call in a failed test's transcript. */
  transcript: 240,
  /** Text of all checks of a run, after which every field gets `tight` (a transcript's, `tightTranscript`). */
  run: 120_000,
  tight: 300,
  tightTranscript: 60,
} as const;

/** `text` cut to `max` characters, with a visible note of how much was left out. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… ${(text.length - max).toLocaleString('en')} more characters`;
}

/** Caps a run's texts field by field, tighter once the run has used its share (see TEXT_LIMITS). */
export class TextBudget {
  private used = 0;

  cap(text: string, field: Exclude<keyof typeof TEXT_LIMITS, 'run' | 'tight' | 'tightTranscript'>): string {
    const tight = field === 'transcript' ? TEXT_LIMITS.tightTranscript : TEXT_LIMITS.tight;
    const out = capText(text, this.used < TEXT_LIMITS.run ? TEXT_LIMITS[field] : tight);
    this.used += out.length;
    return out;
  }
}
