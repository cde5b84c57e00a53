/**
 * Lesson files open with `# Title` so they read well as plain text; the page already shows the
 * title from the front matter as its h1, so that first heading is dropped from the body.
 */
export function stripLeadingTitle(markdown: string): string {
  return markdown.replace(/^\s*#[ \t]+[^\n]*(\n|$)/, '');
}
