/** `course list`: the lessons in course order, each with its exercises. */
import type { Command } from 'commander';
import type { Course } from '../../content/index.ts';
import { openCourse } from '../shared/course-root.ts';
import { EXIT, type ExitCode } from '../shared/exit.ts';
import { inspectTests } from '../shared/inspect-tests.ts';
import { formatOption, rootOption } from '../shared/options.ts';

interface ListedExercise {
  id: string;
  kind: 'code' | 'examples';
  title: string;
  language: 'js' | 'ts';
  /** Number of tests, or null when the tests file cannot be collected (see `course check`) or it is an examples exercise. */
  tests: number | null;
  /** An examples exercise: the code exercise whose solution and mutants its examples run against. */
  of?: string;
}

interface ListedLesson {
  id: string;
  title: string;
  order: number;
  file: string;
  exercises: ListedExercise[];
}

async function listCourse(course: Course): Promise<{ lessons: ListedLesson[]; unassigned: ListedExercise[] }> {
  const listed = new Map<string, ListedExercise>();
  for (const e of course.exercises) {
    const base = { id: e.id, kind: e.kind, title: e.title, language: e.language };
    if (e.kind === 'examples') {
      listed.set(e.id, { ...base, tests: null, of: e.of });
      continue;
    }
    // Collected, not run, against stand-in learner functions and the judge's real expect.
    const inspected = await inspectTests(e);
    listed.set(e.id, { ...base, tests: inspected.ok ? inspected.tests : null });
  }
  const lessons = course.lessons.map((l) => ({
    id: l.id,
    title: l.title,
    order: l.order,
    file: l.file,
    exercises: course.exercises.filter((e) => e.lesson === l.id).map((e) => listed.get(e.id) as ListedExercise),
  }));
  const lessonIds = new Set(course.lessons.map((l) => l.id));
  const unassigned = course.exercises.filter((e) => !lessonIds.has(e.lesson)).map((e) => listed.get(e.id) as ListedExercise);
  return { lessons, unassigned };
}

function text(listing: { lessons: ListedLesson[]; unassigned: ListedExercise[] }): string {
  const all = [...listing.lessons.flatMap((l) => l.exercises), ...listing.unassigned];
  const width = Math.max(8, ...all.map((e) => e.id.length));
  const size = (e: ListedExercise) => (e.of !== undefined ? `examples of ${e.of}` : (e.tests === null ? '? tests' : `${e.tests} tests`).padStart(9));
  const row = (e: ListedExercise) => `    ${e.id.padEnd(width)}  ${e.language}  ${size(e)}  ${e.title}`;
  const lines: string[] = [];
  for (const lesson of listing.lessons) {
    lines.push(`${String(lesson.order).padStart(2)}. ${lesson.title} (${lesson.id})`);
    lines.push(...(lesson.exercises.length ? lesson.exercises.map(row) : ['    (no exercises)']));
  }
  if (listing.unassigned.length) lines.push('Exercises whose lesson does not exist:', ...listing.unassigned.map(row));
  return `${lines.join('\n')}\n`;
}

export function registerList(program: Command, exit: (code: ExitCode) => void): void {
  program
    .command('list')
    .description('List the lessons in course order with their exercises (id, language, number of tests or the exercise examples run against, title).')
    .addOption(formatOption(['text', 'json']))
    .addOption(rootOption())
    .action(async (options: { format: 'text' | 'json'; root?: string }) => {
      const { course } = await openCourse(options.root);
      const listing = await listCourse(course);
      process.stdout.write(options.format === 'json' ? `${JSON.stringify(listing, null, 2)}\n` : text(listing));
      exit(EXIT.ok);
    });
}
