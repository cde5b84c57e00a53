/**
 * Writes the front-matter JSON Schemas to runner/content/schemas/ (run as `npm run schemas`,
 * i.e. `tsx runner/node/write-schemas.ts`). Run it after changing runner/content/schema.ts and
 * commit the result; runner/content/json-schema.test.ts fails while the files are stale.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { schemaFiles } from '../content/index.ts';

/** Writes every schema file into `dir` and returns the paths written. */
export async function writeSchemas(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(schemaFiles())) {
    const path = join(dir, name);
    await writeFile(path, text);
    written.push(path);
  }
  return written;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const written = await writeSchemas(join(import.meta.dirname, '..', 'content', 'schemas'));
  for (const path of written) console.log(`wrote ${path}`);
}
