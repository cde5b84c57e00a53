/**
 * Loads one lesson file `lessons/<NN>-<id>.md`: front matter, file-name checks and the body cut
 * into segments (see lesson-segments.ts).
 */
import type { Diagnostic } from './diagnostic.ts';
import { parseFrontMatter } from './front-matter.ts';
import type { Locate } from './front-matter.ts';
import { cutSegments } from './lesson-segments.ts';
import type { ExerciseRef } from './lesson-segments.ts';
import { diagnostic } from './position.ts';
import { lessonFrontMatterSchema } from './schema.ts';
import type { Lesson } from './types.ts';

export interface LoadLessonResult {
  /** Present when the front matter is valid (other problems are in `diagnostics`). */
  lesson?: Lesson;
  diagnostics: Diagnostic[];
  /** Where a front-matter value is written, for checks made across the course. */
  locate: Locate;
  /** Each `::exercise{id}` of the lesson, in order, with its position. */
  exerciseRefs: ExerciseRef[];
}

const FILE_NAME = /^(\d{2})-(.+)\.md$/;

/**
 * Loads the lesson at `file` (relative to the course root, forward slashes) from its `text`.
 * Never throws on bad content: every problem is a diagnostic.
 */
export function loadLesson(file: string, text: string): LoadLessonResult {
  const front = parseFrontMatter({ file, text, schema: lessonFrontMatterSchema });
  const diagnostics = [...front.diagnostics];
  const data = front.data;
  const name = file.slice(file.lastIndexOf('/') + 1);
  const match = FILE_NAME.exec(name);
  if (!match) {
    const message = `Name the lesson file \`<NN>-<id>.md\` (two-digit order, then the id), e.g. \`01-the-router.md\`, not \`${name}\`.`;
    diagnostics.push(diagnostic(file, 'lesson/file-name', 'error', message));
  } else if (data) {
    const [, order = '', id = ''] = match;
    const expected = `${String(data.order).padStart(2, '0')}-${data.id}.md`;
    if (id !== data.id) {
      const message = `The file name says id \`${id}\` but the front matter says \`${data.id}\`; rename the file to \`${expected}\` or change \`id\`.`;
      diagnostics.push(diagnostic(file, 'lesson/file-name', 'error', message, front.locate(['id'])));
    }
    if (Number(order) !== data.order) {
      const message = `The file name says order ${order} but the front matter says ${data.order}; rename the file to \`${expected}\` or change \`order\`.`;
      diagnostics.push(diagnostic(file, 'lesson/file-name', 'error', message, front.locate(['order'])));
    }
  }
  const { segments, diagnostics: bodyDiagnostics, exerciseRefs } = cutSegments({ file, body: front.body, bodyStartLine: front.bodyStartLine });
  diagnostics.push(...bodyDiagnostics);
  const result: LoadLessonResult = { diagnostics, locate: front.locate, exerciseRefs };
  if (data) result.lesson = { ...data, file, segments };
  return result;
}
