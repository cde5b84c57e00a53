/**
 * The capstone's transcript: a check that looks at the SDK client's exchange (made by an earlier
 * test) shows that exchange, the wrong answer marked, and its headline names the message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExercise } from '../content/index.ts';
import { readCourseFiles } from './read-course.ts';
import { createNodeRunner } from './runner.ts';

const root = join(import.meta.dirname, '..', '..');

describe('the transcript of the SDK client exchange', () => {
  it('shows initialize, the initialized notification and the calls after it, the wrong answer marked', async () => {
    const { exercise } = loadExercise('exercises/mcp-server', await readCourseFiles(root, ['exercises/mcp-server']));
    if (exercise?.kind !== 'code') throw new Error('mcp-server did not load as a code exercise');
    const source = readFileSync(join(root, 'exercises/mcp-server/mutants/replies-to-notifications.js'), 'utf8');
    const result = await createNodeRunner().grade({ exercise, source, mode: 'submit' });
    const test = result.tests.find((t) => t.name === 'the handshake > notifications/initialized got no reply');
    expect(test?.status).toBe('fail');
    expect(test?.message).toBe('`route` answered `notifications/initialized` with a reply with error; this check expects null (no reply at all).');
    const transcript = test?.transcript;
    expect(transcript?.scope).toBe('run');
    // Each input is the message as JavaScript: its method is a quoted string in it.
    expect(transcript?.entries.map((e) => /method: "([^"]+)"/.exec(e.input)?.[1])).toEqual(expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list']));
    const marked = transcript?.entries.filter((e) => e.marked) ?? [];
    expect(marked).toHaveLength(1);
    expect(marked[0]?.input).toContain('notifications/initialized');
    expect(marked[0]?.output).toContain('-32601');
  });
});

describe('the input of a failed check whose call had a client', () => {
  it('writes the client as the client(...) that makes it, so the learner can paste the call', async () => {
    const { exercise } = loadExercise('exercises/sampling-with-progress', await readCourseFiles(root, ['exercises/sampling-with-progress']));
    if (exercise?.kind !== 'code') throw new Error('sampling-with-progress did not load as a code exercise');
    const source = readFileSync(join(root, 'exercises/sampling-with-progress/solution.js'), 'utf8').replace("peer.notify('notifications/progress'", "peer.notify('notifications/progres'");
    const result = await createNodeRunner().grade({ exercise, source, mode: 'submit' });
    const inputs = result.tests.map((t) => t.check?.input ?? '').filter((input) => input.startsWith('route('));
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) {
      expect(input).toMatch(/, client\(/);
      expect(input).not.toMatch(/, null\)$/);
    }
  });
});
