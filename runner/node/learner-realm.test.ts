/**
 * The Node half of "one realm for learner code": the shared list is what Node's isolate has (less
 * the excluded globals), so it is not stale, and a sandbox of the Node host offers exactly the list.
 * The Chromium half is e2e/sandbox-realm.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { LEARNER_REALM, realmDifferences } from '../core/index.ts';
import { learnerRealm, learnerRealmSource, nodeRealm } from './write-learner-realm.ts';

describe('the learner realm in Node', () => {
  it('the shared list is up to date with this Node (run `npm run realm` if not)', () => {
    expect(realmDifferences(learnerRealm(), LEARNER_REALM)).toEqual([]);
  });

  it('a pruned isolate has exactly the list: no WebAssembly, SharedArrayBuffer or Atomics', () => {
    expect(realmDifferences(LEARNER_REALM, nodeRealm(LEARNER_REALM))).toEqual([]);
    expect(LEARNER_REALM.globalThis).not.toContain('WebAssembly');
    expect(LEARNER_REALM.globalThis).toContain('JSON');
  });

  it('writes the list as a module that reads back the same', () => {
    expect(learnerRealmSource({ globalThis: ['a'], 'A.prototype': ['b'] })).toContain('"A.prototype": ["b"],');
  });

  it('tells what is missing and what is extra', () => {
    expect(realmDifferences({ globalThis: ['a', 'b'] }, { globalThis: ['b', 'c'], X: ['y'] })).toEqual(['+ X y', '+ globalThis c', '- globalThis a']);
  });
});
