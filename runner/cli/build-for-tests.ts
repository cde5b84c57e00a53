/**
 * vitest's global setup for the unit project: makes the prebuilt `course` command current before
 * any test starts it, so tests that run the CLI in parallel do not each rebuild it after a source
 * changed (and print that they did on stderr, which some tests read).
 */
import { createRequire } from 'node:module';

const { ensureBuild } = createRequire(import.meta.url)('./build.cjs') as { ensureBuild(options?: { log?: (line: string) => void }): string | Promise<string> };

export default async function buildForTests(): Promise<void> {
  await ensureBuild({ log: (line) => process.stderr.write(`${line}\n`) });
}
