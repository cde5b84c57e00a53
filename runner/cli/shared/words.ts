/** Counts and rates in words, the same in every command's output and every output of the class report. */

/** `1 submission`, `2 submissions`. */
export const countText = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `1 file is`, `2 files are`: the count with the form the caller gives for one and for many. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A rate from 0 to 1 as a whole percent. Near the ends it says `<1%` and `>99%`, so a test one
 * submission failed is not read as none, nor a score one test short of full as full.
 */
export function percentText(rate: number): string {
  const percent = Math.round(rate * 100);
  if (percent === 0 && rate > 0) return '<1%';
  if (percent === 100 && rate < 1) return '>99%';
  return `${percent}%`;
}
