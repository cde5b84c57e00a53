/**
 * The smallest failing inputs a learner reads in the capstone: graded as CI grades them, every
 * known mistake's failed generated checks show inputs shrunk to what matters, with each id
 * shrunk to `0` or `""` (an id plays no part in any of these mistakes but id 0's own), never a
 * long string or a large number that happened to be drawn.
 */
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from '../testing/cli-harness.ts';

interface Graded {
  submissions: { file: string; result: { tests: { name: string; status: string; generated?: unknown; check?: { input?: string } }[] } }[];
}

describe('the capstone’s smallest failing inputs', () => {
  it('shrink every id to 0 or "" and stay short', async () => {
    const run = await runCli(['grade', '--exercise', 'mcp-server', 'exercises/mcp-server/mutants/', '--format', 'json']);
    const graded = JSON.parse(run.stdout) as Graded;
    const inputs = graded.submissions.flatMap((s) => s.result.tests.filter((t) => t.generated && t.status !== 'pass').map((t) => ({ at: `${s.file}: ${t.name}`, input: t.check?.input ?? '' })));
    expect(inputs.length).toBeGreaterThan(20);
    for (const { at, input } of inputs) {
      expect([...input.matchAll(/\bid: ("(?:[^"\\]|\\.)*"|[-\d.e+]+)/g)].map((m) => m[1]).filter((id) => id !== '0' && id !== '""'), at).toEqual([]);
      expect(input.length, at).toBeLessThan(400);
    }
  }, CLI_TIMEOUT);
});
