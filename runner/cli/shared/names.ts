/** Learner names compared as people mean them, the same in `course grade` and `course report`. */

/** True when `a` and `b` name the same learner: trimmed, inner spaces as one, case and Unicode form aside. */
export function sameName(a: string, b: string): boolean {
  const key = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return key(a) === key(b);
}
