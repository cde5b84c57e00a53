import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCourse } from '../runner/content/course.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';
import { firstSentence, floorPageHtml } from './floor-page.ts';

describe('floorPageHtml', () => {
  it('holds every lesson\'s first sentence as text, without any script', async () => {
    const { course } = loadCourse(await readCourseFiles(join(import.meta.dirname, '..')));
    expect(course.lessons.length).toBeGreaterThan(0);
    for (const lesson of course.lessons) {
      const html = floorPageHtml({ lesson, cssHref: './assets/app.css' });
      const text = html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
      expect(text, lesson.id).toContain(firstSentence(lesson));
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('<link rel="stylesheet" href="./assets/app.css" />');
    }
  });
});
