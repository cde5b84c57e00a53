import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWERS_PER_IMPLEMENTATION, type CaseOutcome as Outcome } from '../core/index.ts';
import { answersStore } from './answers-store.ts';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'answers-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const returned = (text: string): Outcome[] => [{ kind: 'returned', text, plain: true }];

describe('answersStore', () => {
  it('gives a later process the answers an earlier one added, by implementation and case', () => {
    const dir = temp();
    const added = (id: string, answers: Parameters<ReturnType<typeof answersStore>['add']>[1]) => {
      const store = answersStore(dir);
      store.add(id, answers);
      store.flush();
    };
    added('route\nreference\njs\nsource A', [['[1]', returned('1')]]);
    added('route\nreference\njs\nsource A', [['[2]', returned('2')], ['[1]', returned('1')]]);
    added('route\nreference\njs\nsource B', [['[1]', [{ kind: 'threw', error: { kind: 'error', name: 'TypeError', message: 'x', value: null } }]]]);
    expect(new Map(answersStore(dir).load('route\nreference\njs\nsource A'))).toEqual(new Map([['[1]', returned('1')], ['[2]', returned('2')]]));
    expect([...answersStore(dir).load('route\nreference\njs\nsource B')].map(([key]) => key)).toEqual(['[1]']);
    expect([...answersStore(dir).load('another')]).toEqual([]);
  });

  it('ignores a file that is unreadable or names another implementation', () => {
    const dir = temp();
    const store = answersStore(dir);
    store.add('one', [['[1]', returned('1')]]);
    store.flush();
    const [file] = readdirSync(join(dir, 'answers'));
    writeFileSync(join(dir, 'answers', file as string), '{"id":"other","answers":[["[1]",[]]]}');
    expect([...store.load('one')]).toEqual([]);
    writeFileSync(join(dir, 'answers', file as string), '{ not json');
    expect([...store.load('one')]).toEqual([]);
  });

  it('keeps answers in the process only when its folder cannot be written', () => {
    const dir = temp();
    writeFileSync(join(dir, 'answers'), 'a file where the folder should be');
    const store = answersStore(dir);
    store.add('one', [['[1]', returned('1')]]);
    expect(() => store.flush()).not.toThrow();
    expect([...answersStore(dir).load('one')]).toEqual([]);
  });

  it('drops the oldest answers once full, so the cases of a changed tests file find room', () => {
    const dir = temp();
    const first = answersStore(dir);
    first.add('one', Array.from({ length: ANSWERS_PER_IMPLEMENTATION }, (_, i) => [`[${i}]`, returned(String(i))] as const));
    first.flush();
    const next = answersStore(dir);
    // A case kept before and answered again counts as new.
    next.add('one', [['[new]', returned('new')], ['[0]', returned('0')]]);
    next.flush();
    const keys = [...answersStore(dir).load('one')].map(([key]) => key);
    expect(keys).toHaveLength(ANSWERS_PER_IMPLEMENTATION);
    expect(keys.slice(0, 2)).toEqual(['[2]', '[3]']);
    expect(keys.slice(-2)).toEqual(['[new]', '[0]']);
  });

  it('writes nothing until it is flushed, and each addition once', () => {
    const dir = temp();
    const store = answersStore(dir);
    store.add('one', [['[1]', returned('1')]]);
    store.add('one', [['[2]', returned('2')]]);
    expect(readdirSync(dir)).toEqual([]);
    store.flush();
    expect([...answersStore(dir).load('one')].map(([key]) => key)).toEqual(['[1]', '[2]']);
    // Another process's additions since are kept beside this one's next ones.
    const other = answersStore(dir);
    other.add('one', [['[3]', returned('3')]]);
    other.flush();
    store.add('one', [['[4]', returned('4')]]);
    store.flush();
    expect([...answersStore(dir).load('one')].map(([key]) => key)).toEqual(['[1]', '[2]', '[3]', '[4]']);
  });
});
