import { describe, expect, it } from 'vitest';
import { loadFingerprints, fingerprintsText } from './fingerprints.ts';
import { parseMutantHeader } from './mutant-header.ts';

const FILE = 'exercises/route/mutants/id-zero.js';
const body = 'function route(msg) {\n  return null;\n}\n';

describe('parseMutantHeader', () => {
  it('reads the mistake, the learner sentence and the hint', () => {
    const { header, diagnostics } = parseMutantHeader(FILE, `// mistake: treats id 0 as absent.\n// learner: Your router seems to take id 0 for no id at all.\n// hint: 3\n${body}`);
    expect(diagnostics).toEqual([]);
    expect(header).toEqual({ mistake: 'treats id 0 as absent.', learner: 'Your router seems to take id 0 for no id at all.', hint: 3 });
  });

  it('reads what an examples exercise shows when it is caught', () => {
    const { header, diagnostics } = parseMutantHeader(FILE, `// mistake: m.\n// learner: You do m.\n// catches: a router that treats id 0 as a notification\n${body}`);
    expect(diagnostics).toEqual([]);
    expect(header?.catches).toBe('a router that treats id 0 as a notification');
  });

  it('leaves the hint out when there is none', () => {
    expect(parseMutantHeader(FILE, `// mistake: m.\n// learner: You do m.\n${body}`).header).toEqual({ mistake: 'm.', learner: 'You do m.' });
  });

  it.each([
    ['no mistake line', body, 'mutant/no-mistake', 1],
    ['no learner sentence', `// mistake: m.\n${body}`, 'mutant/no-learner-sentence', 1],
    ['a learner sentence not spoken to the learner', `// mistake: m.\n// learner: The router answers notifications.\n${body}`, 'mutant/header', 2],
    ['a hint that is not a whole number', `// mistake: m.\n// learner: You do m.\n// hint: two\n${body}`, 'mutant/header', 3],
    ['an unknown key', `// mistake: m.\n// learner: You do m.\n// fix: do not\n${body}`, 'mutant/header', 3],
    ['a catches line spoken to the learner', `// mistake: m.\n// learner: You do m.\n// catches: your router answers notifications\n${body}`, 'mutant/header', 3],
    ['a key written twice', `// mistake: m.\n// learner: You do m.\n// learner: You do n.\n${body}`, 'mutant/header', 3],
  ])('reports %s at its line', (_name, source, rule, line) => {
    const { diagnostics } = parseMutantHeader(FILE, source);
    expect(diagnostics.map((d) => [d.rule, d.line])).toContainEqual([rule, line]);
  });
});

describe('fingerprints.json', () => {
  it('round-trips, mutants in name order', () => {
    const tests = ['a > x', 'a > y', 'b'];
    const text = fingerprintsText({ tests, mutants: { zeta: ['b'], alpha: ['a > x', 'a > y'] } });
    expect(Object.keys(JSON.parse(text).mutants)).toEqual(['alpha', 'zeta']);
    expect(loadFingerprints('f.json', text)).toEqual({ fingerprints: { tests, mutants: { alpha: ['a > x', 'a > y'], zeta: ['b'] } }, diagnostics: [] });
  });

  it.each([
    ['text that is not JSON', '{'],
    ['a mutant whose tests are not a list', '{"tests": [], "mutants": {"a": "x"}}'],
    ['no list of tests', '{"mutants": {}}'],
    ['an unknown key', '{"tests": [], "mutants": {}, "extra": 1}'],
  ])('refuses %s, saying how to write it again', (_name, text) => {
    const { diagnostics } = loadFingerprints('f.json', text);
    expect(diagnostics).toMatchObject([{ rule: 'fingerprints/schema', severity: 'error' }]);
    expect(diagnostics[0]?.message).toContain('course check --write-fingerprints');
  });
});
