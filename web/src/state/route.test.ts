import { describe, expect, it } from 'vitest';
import { hrefOf, parseRoute } from './route.ts';

describe('parseRoute', () => {
  it.each([
    ['', { page: 'home' }],
    ['#', { page: 'home' }],
    ['#/', { page: 'home' }],
    ['#/lesson/the-router', { page: 'lesson', lessonId: 'the-router' }],
    ['#/lesson/the-router/', { page: 'lesson', lessonId: 'the-router' }],
    ['#/lesson/', { page: 'not-found', hash: '/lesson/' }],
    ['#/lesson/Bad_Id', { page: 'not-found', hash: '/lesson/Bad_Id' }],
    ['#/elsewhere', { page: 'not-found', hash: '/elsewhere' }],
  ])('%s', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
  });

  it('round-trips with hrefOf', () => {
    expect(parseRoute(hrefOf({ page: 'lesson', lessonId: 'errors' }))).toEqual({ page: 'lesson', lessonId: 'errors' });
    expect(parseRoute(hrefOf({ page: 'home' }))).toEqual({ page: 'home' });
  });
});
