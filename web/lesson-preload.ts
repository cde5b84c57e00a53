/**
 * The opened lesson's chunk, fetched while the entry script is still loading. A small script at
 * the top of the built index.html reads the hash route and adds a `modulepreload` link for the
 * chunk of the lesson it names, so the chunk is fetched (and compiled) beside the entry instead
 * of after it: web/src/main.tsx can only ask for it once the entry script has run, and with the
 * CPU slowed 4x that was over a second after the document (bench/README.md, section 3). The
 * entry's own `import()` of the chunk then finds it in the module map.
 */
import type { IndexHtmlTransformContext } from 'vite';
import { LESSON_PATH } from './src/state/route.ts';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** Each lesson's chunk file in a build's bundle, by lesson id; `module` prefixes the lessons' virtual ids. */
export function lessonChunks(bundle: Bundle, module: string): Record<string, string> {
  const chunks: Record<string, string> = {};
  for (const output of Object.values(bundle)) {
    const id = output.type === 'chunk' ? output.facadeModuleId : null;
    if (id?.startsWith(`\0${module}`)) chunks[id.slice(module.length + 1)] = output.fileName;
  }
  return chunks;
}

/**
 * The script's code: the route is read as web/src/state/route.ts reads it, and only an id the
 * build has a chunk for (an own property: an id such as "constructor" names none) is preloaded.
 */
export function preloadScript(chunks: Record<string, string>, base: string): string {
  return [
    '(() => {',
    `  const lesson = ${String(LESSON_PATH)}.exec(location.hash.replace(/^#/, ''));`,
    `  const chunks = ${JSON.stringify(chunks)};`,
    '  if (!lesson || !Object.hasOwn(chunks, lesson[1])) return;',
    "  const link = document.createElement('link');",
    "  link.rel = 'modulepreload';",
    // As Vite's own preloads: the module is fetched in the same CORS mode as the import that uses it.
    "  link.crossOrigin = '';",
    `  link.href = ${JSON.stringify(base)} + chunks[lesson[1]];`,
    '  document.head.append(link);',
    '})();',
  ].join('\n');
}
