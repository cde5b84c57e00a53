/**
 * One realm for learner code in both hosts: what a Chromium worker sandbox offers learner code
 * (globals, their members, hidden intrinsics) is exactly the shared list, as in the Node isolate
 * (runner/node/learner-realm.test.ts), so a submission cannot pass in one host and fail in the
 * other for using something only one of them has, such as a timer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_REALM } from '../runner/core/guest/learner-realm.ts';
import type { RealmInventory } from '../runner/core/guest/realm.ts';
import { realmDifferences } from '../runner/core/guest/realm-diff.ts';
import { callsExercise, grade, probeExercise } from './sandbox-probe-kit.ts';
import { startHarness, type Harness } from './sandbox-setup.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe('the learner realm in Chromium', () => {
  it('is exactly the shared list: nothing more (timers, self, fetch, newer built-ins), nothing less', async () => {
    const realm = (await harness.page.evaluate(() => window.harness.realm())) as RealmInventory;
    // Non-configurable, so no host can delete them: two well-known symbols of Chromium's newer V8
    // (usable only with \`using\`, a syntax Node 20 does not parse) and two numeric constants.
    const undeletable = ['+ Symbol asyncDispose', '+ Symbol dispose', '+ globalThis PERSISTENT', '+ globalThis TEMPORARY'];
    expect(realmDifferences(LEARNER_REALM, realm)).toEqual(undeletable);
  });

  it('has no timers, so code that needs one fails here as it does in Node', async () => {
    const source = 'async function route(n) { await new Promise((resolve) => setTimeout(resolve, 1)); return n + 1; }';
    const result = await grade(harness.page, callsExercise(1), source);
    expect(result.value.tests[0]).toMatchObject({ status: 'error', cause: 'threw' });
    expect(result.value.tests[0]?.message).toMatch(/ReferenceError: setTimeout is not defined/);
  });

  it('has no self.close(): learner code cannot end its own worker', async () => {
    const tests = "import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n  it('answers', async () => { expect(await route(1)).toBe(2); });\n});\n";
    const result = await grade(harness.page, probeExercise(tests), 'function route(n) { self.close(); return n + 1; }');
    expect(result.value.tests[0]).toMatchObject({ status: 'error', cause: 'threw' });
    expect(result.value.tests[0]?.message).toMatch(/ReferenceError: self is not defined/);
  });
});
