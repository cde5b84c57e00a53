/**
 * Reading a learner's free text for the names a task asks it to hold ("names what is missing").
 * Free wording meets short names: an argument called `a` is also English's article.
 */

/** Words that follow a name, never the article: "a and b", "a is missing", "a was not given". */
const AFTER_A_NAME = ['and', 'or', 'is', 'are', 'was', 'were', 'missing', 'not', 'must', 'has', 'needs'];

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `text` holds `name` as a word of its own (not inside another word). For the name `a`,
 * an "a" followed by a space and a word is the article ("Missing a required argument: b"), unless
 * that word is one that follows a name ("a and b", "a is missing"); beside punctuation or at the
 * end ("arguments: a, b", "`a`", "Please give a") it is the name.
 */
export function namesWord(text: string, name: string): boolean {
  if (typeof text !== 'string' || typeof name !== 'string' || name === '') return false;
  const article = name === 'a' ? `(?! +(?!(?:${AFTER_A_NAME.join('|')})\\b)[A-Za-z])` : '';
  return new RegExp(`(?<![\\w$])${escaped(name)}(?![\\w$])${article}`).test(text);
}
