import { describe, expect, it } from 'vitest';
import { loadLesson } from './lesson.ts';
import type { LessonSegment } from './types.ts';

type Where = [rule: string, line: number, column: number];

/** Front matter takes lines 1-6, so the body starts on line 7. */
const lesson = (body: string, front = 'id: the-router\ntitle: The router\norder: 1\nsummary: Route messages.') => `---\n${front}\n---\n${body}`;
const FILE = 'lessons/01-the-router.md';

const question = (items: string, attrs = '{id=q1}') => `:::question${attrs}\nWhat must the router return?\n\n${items}:::\n`;
const twoOptions = '- [ ] An error.\n\n  Not quite.\n- [x] Nothing.\n\n  Right.\n';

describe('question options', () => {
  it.each([
    ['plain text', '- [x] Nothing.', 'Nothing.'],
    ['inline code first', '- [x] `-32601`, method not found.', '`-32601`, method not found.'],
    ['inline code first, unchecked', '- [ ] `{}` and more', '`{}` and more'],
    ['a capital X', '- [X] `null`', '`null`'],
    ['emphasis first', '- [ ] *No* reply', '*No* reply'],
  ])('keeps the checkbox out of the text: %s', (_name, first, text) => {
    const { lesson: loaded, diagnostics } = loadLesson(FILE, lesson(question(`${first}\n\n  Feedback.\n- [x] Other.\n\n  No.\n`)));
    expect(diagnostics).toEqual([]);
    const segment = loaded?.segments.find((s) => s.kind === 'question');
    expect(segment?.kind === 'question' && segment.options[0]?.text).toBe(text);
  });
});

describe('loadLesson diagnostics', () => {
  const cases: Array<{ name: string; file?: string; text: string; expected: Where[] }> = [
    { name: 'a plain lesson', text: lesson('# Hello\n'), expected: [] },
    { name: 'bad front matter', text: lesson('# Hello\n', 'id: the-router\ntitle: The router\norder: 0\nsummary: S'), expected: [['front-matter/schema', 4, 8]] },
    { name: 'file name without order', file: 'lessons/the-router.md', text: lesson('x\n'), expected: [['lesson/file-name', 1, 1]] },
    { name: 'file name with another id', file: 'lessons/01-router.md', text: lesson('x\n'), expected: [['lesson/file-name', 2, 5]] },
    { name: 'file name with another order', file: 'lessons/02-the-router.md', text: lesson('x\n'), expected: [['lesson/file-name', 4, 8]] },
    { name: 'runnable in another language', text: lesson('Text.\n\n```py runnable\nprint(1)\n```\n'), expected: [['lesson/runnable-language', 9, 1]] },
    { name: 'unknown container directive', text: lesson('Text.\n\n:::note\nx\n:::\n'), expected: [['lesson/unknown-directive', 9, 1]] },
    { name: 'unknown leaf directive', text: lesson('::video{src=x}\n'), expected: [['lesson/unknown-directive', 7, 1]] },
    { name: 'exercise written as a container', text: lesson(':::exercise{id=route}\n:::\n'), expected: [['lesson/unknown-directive', 7, 1]] },
    { name: 'directive nested in a list', text: lesson('- item\n\n  ::exercise{id=route}\n'), expected: [['lesson/misplaced-directive', 9, 3]] },
    { name: 'text directives are prose', text: lesson('Meet at 10:30, see a:b and :abbr[x].\n'), expected: [] },
    { name: 'unknown callout', text: lesson('> [!HINT]\n> Psst.\n'), expected: [['lesson/unknown-alert', 7, 3]] },
    { name: 'known callout', text: lesson('> [!TIP]\n> Psst.\n'), expected: [] },
    { name: 'exercise without id', text: lesson('::exercise\n'), expected: [['lesson/exercise-no-id', 7, 1]] },
    { name: 'predict without code', text: lesson(':::predict\nWhat?\n\nNothing.\n:::\n'), expected: [['predict/no-code', 7, 1]] },
    {
      name: 'predict with two code blocks',
      text: lesson(':::predict\nWhat?\n\n```js\n1\n```\n\n```js\n2\n```\n\nBecause.\n:::\n'),
      expected: [['predict/many-code', 14, 1]],
    },
    { name: 'predict without explanation', text: lesson(':::predict\nWhat?\n\n```js\n1\n```\n:::\n'), expected: [['predict/no-explanation', 7, 1]] },
    { name: 'predict without prompt', text: lesson(':::predict\n```js\n1\n```\n\nBecause.\n:::\n'), expected: [['predict/no-prompt', 7, 1]] },
    { name: 'predict in python', text: lesson(':::predict\nWhat?\n\n```py\n1\n```\n\nBecause.\n:::\n'), expected: [['predict/language', 10, 1]] },
    { name: 'a good question', text: lesson(question(twoOptions)), expected: [] },
    { name: 'question without id', text: lesson(question(twoOptions, '')), expected: [['question/no-id', 7, 1]] },
    { name: 'question with a bad id', text: lesson(question(twoOptions, '{id=Q_1}')), expected: [['question/bad-id', 7, 1]] },
    { name: 'question with one option', text: lesson(question('- [x] Nothing.\n\n  Right.\n')), expected: [['question/too-few-options', 10, 1]] },
    { name: 'question without options', text: lesson(':::question{id=q1}\nWhat?\n:::\n'), expected: [['question/too-few-options', 7, 1]] },
    { name: 'question without a correct option', text: lesson(question(twoOptions.replace('[x]', '[ ]'))), expected: [['question/no-correct-option', 10, 1]] },
    { name: 'option without feedback', text: lesson(question('- [ ] An error.\n- [x] Nothing.\n\n  Right.\n')), expected: [['question/no-feedback', 10, 1]] },
    { name: 'option without checkbox', text: lesson(question('- An error.\n\n  Not quite.\n- [x] Nothing.\n\n  Right.\n')), expected: [['question/no-checkbox', 10, 1]] },
    { name: 'option with a second checkbox in its text', text: lesson(question('- [ ] [x] An error.\n\n  Not quite.\n- [x] Nothing.\n\n  Right.\n')), expected: [['question/marker-in-text', 10, 1]] },
    { name: 'question without prompt', text: lesson(`:::question{id=q1}\n${twoOptions}:::\n`), expected: [['question/no-prompt', 7, 1]] },
    { name: 'text after the options', text: lesson(question(`${twoOptions}\nLost words.\n`)), expected: [['question/trailing-content', 17, 1]] },
    {
      name: 'two questions with one id',
      text: lesson(`${question(twoOptions)}\n${question(twoOptions)}`),
      expected: [['question/duplicate-id', 18, 1]],
    },
  ];
  it.each(cases)('$name', ({ file, text, expected }) => {
    const { diagnostics } = loadLesson(file ?? FILE, text);
    expect(diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual(expected);
  });
});

describe('loadLesson segments', () => {
  const segmentsOf = (body: string): LessonSegment[] => {
    const { lesson: loaded, diagnostics } = loadLesson(FILE, lesson(body));
    expect(diagnostics).toEqual([]);
    return loaded?.segments ?? [];
  };

  it('keeps prose as the original Markdown, with file lines', () => {
    const prose = '# Title\n\nSome *prose* at 10:30 with a:b.\n\n> [!NOTE]\n> A  note.';
    expect(segmentsOf(`\n${prose}\n`)).toEqual([{ kind: 'markdown', line: 8, markdown: prose }]);
  });

  it('cuts diagrams, runnable snippets and exercises out of the prose', () => {
    const body = 'Intro.\n\n```mermaid\ngraph LR\n  A --> B\n```\n\n```js runnable\nconsole.log(1);\n```\n\n```ts runnable\nlet x: number = 1;\n```\n\n```js\nnot runnable();\n```\n\n::exercise{id=route}\n\nOutro.\n';
    expect(segmentsOf(body)).toEqual([
      { kind: 'markdown', line: 7, markdown: 'Intro.' },
      { kind: 'mermaid', line: 9, source: 'graph LR\n  A --> B' },
      { kind: 'runnable', line: 14, language: 'js', code: 'console.log(1);' },
      { kind: 'runnable', line: 18, language: 'ts', code: 'let x: number = 1;' },
      { kind: 'markdown', line: 22, markdown: '```js\nnot runnable();\n```' },
      { kind: 'exercise', line: 26, id: 'route' },
      { kind: 'markdown', line: 28, markdown: 'Outro.' },
    ]);
  });

  it('splits a predict block into prompt, code and explanation', () => {
    const body = ':::predict\nWhat does **this** print?\n\n```js\nconsole.log(1 + 1);\n```\n\nAddition.\n\nSecond paragraph.\n:::\n';
    expect(segmentsOf(body)).toEqual([
      { kind: 'predict', line: 7, prompt: 'What does **this** print?', language: 'js', code: 'console.log(1 + 1);', explanation: 'Addition.\n\nSecond paragraph.' },
    ]);
  });

  it('reads question options, correctness and dedented feedback', () => {
    const body = question(
      '- [ ] An error\n  envelope.\n\n  Feedback: Not quite,\n  no reply.\n' +
        '- [x] Nothing.\n  Feedback: Right.\n\n  ```js\n  route(x);\n  ```\n',
      '{id=no-id-reply}',
    );
    expect(segmentsOf(body)).toEqual([
      {
        kind: 'question', line: 7, id: 'no-id-reply', prompt: 'What must the router return?',
        options: [
          { text: 'An error\nenvelope.', correct: false, feedback: 'Not quite,\nno reply.' },
          { text: 'Nothing.', correct: true, feedback: 'Right.\n\n```js\nroute(x);\n```' },
        ],
      },
    ]);
  });

  it('lists embedded exercises with their positions', () => {
    const { exerciseRefs } = loadLesson(FILE, lesson('Text.\n\n::exercise{id=route}\n\n::exercise{id=batch}\n'));
    expect(exerciseRefs).toEqual([{ id: 'route', line: 9, column: 1 }, { id: 'batch', line: 11, column: 1 }]);
  });

  it('gives no lesson without valid front matter, yet still checks the body', () => {
    const result = loadLesson(FILE, '# No front matter\n\n:::note\n:::\n');
    expect(result.lesson).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.rule, d.line])).toEqual([['front-matter/missing', 1], ['lesson/unknown-directive', 3]]);
  });
});
