/**
 * Every question of the course as the page renders it (question.tsx renders each option's text as
 * inline Markdown and the prompt as Markdown; the component itself needs a browser's window): no
 * option shows a task-list checkbox (`[x]` would give the answer away), whatever it starts with.
 */
import { join } from 'node:path';
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { loadCourse } from '../../../runner/content/index.ts';
import { readCourseFiles } from '../../../runner/node/read-course.ts';
import { Markdown } from '../markdown/markdown.tsx';

const { course } = loadCourse(await readCourseFiles(join(import.meta.dirname, '../../..')));
const questions = course.lessons.flatMap((lesson) => lesson.segments.flatMap((s) => (s.kind === 'question' ? [[`${lesson.id}/${s.id}`, s] as const] : [])));

/** The text of the page's HTML once every lazy part has loaded. */
async function renderedText(node: Parameters<typeof prerenderToNodeStream>[0]): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html.replace(/<[^>]*>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

describe('the course’s questions, rendered', () => {
  it('finds them, some with options that start with inline code', () => {
    expect(questions.length).toBeGreaterThan(10);
    expect(questions.some(([, q]) => q.options.some((o) => o.text.startsWith('`')))).toBe(true);
  });

  it.each(questions)('%s shows no checkbox text', async (key, question) => {
    const parts = [createElement(Markdown, { key: 'prompt', children: question.prompt }), ...question.options.map((o, i) => createElement(Markdown, { key: i, inline: true, children: o.text }))];
    const text = await renderedText(createElement('form', { 'aria-label': key }, parts));
    for (const option of question.options) expect(text).toContain(option.text.replace(/`/g, '').slice(0, 12));
    expect(text).not.toMatch(/\[[ xX]\]/);
  });
});
