/**
 * Hash routes of the app (`#/`, `#/lesson/<id>`): hash routing works behind any static host,
 * with no server rewrite rules.
 */
export type Route = { page: 'home' } | { page: 'lesson'; lessonId: string } | { page: 'not-found'; hash: string };

/** A lesson's route, `/lesson/<id>` after the hash's `#`; also read before the app starts (web/lesson-preload.ts). */
export const LESSON_PATH = /^\/lesson\/([a-z0-9-]+)\/?$/;

/** Parses `location.hash` into a route. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '');
  if (path === '' || path === '/') return { page: 'home' };
  const lesson = LESSON_PATH.exec(path);
  if (lesson?.[1]) return { page: 'lesson', lessonId: lesson[1] };
  return { page: 'not-found', hash: path };
}

/** The href of a route, for links. */
export function hrefOf(route: Route): string {
  switch (route.page) {
    case 'home':
      return '#/';
    case 'lesson':
      return `#/lesson/${route.lessonId}`;
    case 'not-found':
      return `#${route.hash}`;
  }
}
