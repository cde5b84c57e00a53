/**
 * The Node half of "one realm for learner code": the shared list is what Node's isolate has (less
 * the excluded globals), so it is not stale, and a sandbox of the Node host offers exactly the list.
 * The Chromium half is e2e/sandbox-realm.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { LEARNER_REALM, realmDifferences } from '../core/index.ts';
import { learnerRealm, learnerRealmSource, nodeRealm } from './write-learner-realm.ts';

/**
 * The list is made on Node 20 (learner-realm.ts says so). Newer Node lines have a newer V8 with
 * more builtins, which the guest deletes, as Chromium's are; only properties no host can delete
 * (non-configurable) stay: on Node 24, V8 13's Symbol.dispose and Symbol.asyncDispose.
 */
const LIST_NODE = 20;
const NODE = Number(process.versions.node.split('.')[0]);
const UNDELETABLE: Record<number, string[]> = { 24: ['+ Symbol asyncDispose', '+ Symbol dispose'] };

describe('the learner realm in Node', () => {
  it('the shared list is up to date with this Node (run `npm run realm` if not), or, on a newer Node, within it', () => {
    const differences = realmDifferences(learnerRealm(), LEARNER_REALM);
    if (NODE === LIST_NODE) expect(differences).toEqual([]);
    // "+" is listed but missing here: a newer Node may add builtins, never lose listed ones.
    else expect(differences.filter((d) => d.startsWith('+'))).toEqual([]);
  });

  it('a pruned isolate has exactly the list: no WebAssembly, SharedArrayBuffer or Atomics', () => {
    expect(realmDifferences(LEARNER_REALM, nodeRealm(LEARNER_REALM))).toEqual(UNDELETABLE[NODE] ?? []);
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
