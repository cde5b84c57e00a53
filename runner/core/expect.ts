/**
 * vitest's own matchers (`@vitest/expect` on chai), assembled the way vitest's `createExpect`
 * does, without vitest's runner. The judge's `expect`: it never exists in the learner's realm.
 */
import { ASYMMETRIC_MATCHERS_OBJECT, JestAsymmetricMatchers, JestChaiExpect, JestExtend, getState, setState, type ExpectStatic } from '@vitest/expect';
import * as chai from 'chai';

let installed = false;

function install(): void {
  if (installed) return;
  chai.use(JestExtend);
  chai.use(JestChaiExpect);
  chai.use(JestAsymmetricMatchers);
  installed = true;
}

const subjects = new WeakMap<ExpectStatic, { value: unknown }>();

/**
 * The value last given to `expect(value)`: a failed check's headline says whose value it is
 * (matchers such as toMatchObject report a trimmed copy as `actual`).
 */
export function lastSubject(expect: ExpectStatic): { value: unknown } | undefined {
  return subjects.get(expect);
}

/** A fresh `expect` with its own assertion counter, one per test. */
export function createExpect(testName: string): ExpectStatic {
  install();
  const expect = ((value: unknown, message?: string) => {
    // The state is a plain object of data properties (setState below made it): counting in place
    // is what setState would do, without copying every property's descriptor per assertion.
    getState(expect).assertionCalls += 1;
    subjects.set(expect, { value });
    return chai.expect(value, message);
  }) as unknown as ExpectStatic;
  Object.assign(expect, chai.expect);
  // expect.any, expect.objectContaining, ... live on a global object the plugin fills in.
  Object.assign(expect, (globalThis as Record<symbol, unknown>)[ASYMMETRIC_MATCHERS_OBJECT]);
  expect.getState = () => getState(expect);
  expect.setState = (state) => setState(state, expect);
  setState(
    {
      assertionCalls: 0,
      isExpectingAssertions: false,
      isExpectingAssertionsError: null,
      expectedAssertionsNumber: null,
      expectedAssertionsNumberErrorGen: null,
      currentTestName: testName,
    },
    expect,
  );
  expect.extend = (matchers) => (chai.expect as unknown as { extend: (e: ExpectStatic, m: typeof matchers) => void }).extend(expect, matchers);
  expect.unreachable = (message?: string) => {
    chai.assert.fail(`expected${message ? ` "${message}" ` : ' '}not to be reached`);
  };
  return expect;
}
