import { describe, expect, it } from 'vitest';
import { describeMutant, judgeEquivalents, loadEquivalentMutants, mutantIdentity, type GradedMutant } from './equivalent-mutants.ts';

const FILE = 'exercises/ping/equivalent-mutants.yml';
const entry = (lines: string) => `mutants:\n  - ${lines.trim().split('\n').join('\n    ')}\n`;
const valid = 'mutator: ConditionalExpression\noriginal: "a === b"\nreplacement: "true"\nreason: Every a the task allows equals b.';

describe('loadEquivalentMutants', () => {
  it('reads the entries with their lines, whitespace in code collapsed and occurrence 1 by default', () => {
    const text = `# comment\nmutants:\n  - mutator: StringLiteral\n    original: "'x'\n      "\n    replacement: '""'\n    reason: The text is never shown.\n  - ${valid.split('\n').join('\n    ')}\n    occurrence: 2\n`;
    const { equivalents, diagnostics } = loadEquivalentMutants(FILE, text);
    expect(diagnostics).toEqual([]);
    expect(equivalents).toEqual({
      file: FILE,
      entries: [
        { mutator: 'StringLiteral', original: "'x'", replacement: '""', occurrence: 1, reason: 'The text is never shown.', line: 3, column: 5 },
        { mutator: 'ConditionalExpression', original: 'a === b', replacement: 'true', occurrence: 2, reason: 'Every a the task allows equals b.', line: 8, column: 5 },
      ],
    });
  });

  it('accepts an empty list', () => {
    expect(loadEquivalentMutants(FILE, 'mutants: []\n')).toEqual({ equivalents: { file: FILE, entries: [] }, diagnostics: [] });
  });

  const malformed: Array<{ name: string; text: string; expected: Array<[rule: string, line: number]> }> = [
    { name: 'an entry without a reason, at the entry', text: entry(valid.replace(/\nreason:.*/, '')), expected: [['equivalents/schema', 2]] },
    { name: 'a reason over two lines, at the reason', text: entry(valid.replace(/reason: .*/, 'reason: "one\\ntwo"')), expected: [['equivalents/schema', 5]] },
    { name: 'an unknown key, at the key', text: entry(`${valid}\nline: 12`), expected: [['equivalents/unknown-key', 6]] },
    { name: 'an occurrence of 0, at the value', text: entry(`${valid}\noccurrence: 0`), expected: [['equivalents/schema', 6]] },
    { name: 'a mutator name that is not one', text: entry(valid.replace('ConditionalExpression', 'Conditional Expression')), expected: [['equivalents/schema', 2]] },
    { name: 'no mutants key, at line 1', text: '# nothing\n', expected: [['equivalents/schema', 1]] },
    { name: 'invalid YAML, at the unclosed bracket', text: 'mutants:\n  - [a\n', expected: [['equivalents/yaml', 2]] },
    { name: 'the same mutant twice, at the second entry', text: `${entry(valid)}  - ${valid.split('\n').join('\n    ')}\n`, expected: [['equivalents/duplicate', 6]] },
  ];
  it.each(malformed)('reports $name', ({ text, expected }) => {
    const { diagnostics } = loadEquivalentMutants(FILE, text);
    expect(diagnostics.map((d) => [d.rule, d.line])).toEqual(expected);
    expect(diagnostics.every((d) => d.file === FILE && d.severity === 'error')).toBe(true);
  });

  it('names the missing field and its description', () => {
    const { diagnostics } = loadEquivalentMutants(FILE, entry(valid.replace(/\nreason:.*/, '')));
    expect(diagnostics[0]?.message).toBe('Add `mutants[0].reason` to the file: One line: why no input the task allows tells this mutant apart from the solution.');
  });
});

describe('judgeEquivalents', () => {
  const graded = (original: string, killed: boolean, occurrence = 1): GradedMutant => ({ ...mutantIdentity({ mutator: 'ConditionalExpression', original, replacement: 'true', occurrence }), killed });
  const recorded = (original: string, occurrence = 1) => ({ ...mutantIdentity({ mutator: 'ConditionalExpression', original, replacement: 'true', occurrence }), reason: 'r', line: 1, column: 1 });

  it('sorts mutants into killed, equivalent (recorded survivors) and survived', () => {
    const mutants = [graded('a', true), graded('b', false), graded('c', false)];
    const verdicts = judgeEquivalents(mutants, [recorded('b')]);
    expect(verdicts).toEqual({ killed: [mutants[0]], equivalent: [mutants[1]], survived: [mutants[2]], notGenerated: [], nowKilled: [] });
  });

  it('finds entries that match no mutant and entries whose mutant is now killed', () => {
    const gone = recorded('gone');
    const killed = recorded('a');
    const verdicts = judgeEquivalents([graded('a', true)], [gone, killed]);
    expect(verdicts.notGenerated).toEqual([gone]);
    expect(verdicts.nowKilled).toEqual([killed]);
  });

  it('tells occurrences of the same code apart', () => {
    const verdicts = judgeEquivalents([graded('a', false, 1), graded('a', false, 2)], [recorded('a', 2)]);
    expect(verdicts.survived.map((m) => m.occurrence)).toEqual([1]);
    expect(verdicts.equivalent.map((m) => m.occurrence)).toEqual([2]);
  });

  it('matches recorded code whatever its line breaks and indentation', () => {
    const verdicts = judgeEquivalents([graded('x &&\n    y', false)], [recorded('x && y')]);
    expect(verdicts.equivalent).toHaveLength(1);
  });
});

describe('describeMutant', () => {
  it('names the mutator, the code and the replacement, and the occurrence past the first', () => {
    expect(describeMutant(mutantIdentity({ mutator: 'EqualityOperator', original: 'a === b', replacement: 'a !== b', occurrence: 2 }))).toBe('EqualityOperator `a === b` -> `a !== b` (occurrence 2)');
  });
});
