import { describe, expect, it } from 'vitest';
import { loadLesson } from '../content/index.ts';
import { checkDiagram, checkDiagrams } from './diagrams.ts';

describe('checkDiagram', () => {
  it.each([
    ['a flowchart', 'flowchart LR\n  A[Request] --> B{Has an id?}\n  B -->|yes| C[Reply]'],
    ['a sequence diagram', 'sequenceDiagram\n  Client->>Server: ping\n  Server-->>Client: pong'],
    // These pass labels through DOMPurify, which has no window in Node.
    ['a state diagram', 'stateDiagram-v2\n  [*] --> Open\n  Open --> Closed: close'],
    ['a class diagram', 'classDiagram\n  Router <|-- McpRouter'],
    ['a flowchart with HTML in a label', 'flowchart TD\n  A["<b>route</b>(msg)"] --> B'],
  ])('accepts %s', async (_, source) => {
    expect(await checkDiagram('lessons/01-x.md', 10, source)).toBeUndefined();
  });

  it('reports a syntax error at the line of the lesson where mermaid found it, with its message', async () => {
    const problem = await checkDiagram('lessons/01-x.md', 10, 'flowchart LR\n  A --> B\n  B -> C\n  C --> D');
    expect(problem).toMatchObject({ file: 'lessons/01-x.md', line: 13, column: 4, rule: 'lesson/diagram', severity: 'error' });
    expect(problem?.message).toMatch(/^This mermaid diagram does not parse \(Parse error: Expecting .*; got /);
    expect(problem?.message).toMatch(/This diagram could not be drawn/);
  });

  it('reports an unclosed shape where it opens, not where mermaid gave up', async () => {
    const problem = await checkDiagram('lessons/01-x.md', 10, 'flowchart LR\n  A --> B\n  B --> C[unclosed\n  C --> D');
    expect(problem?.line).toBe(13);
  });

  it('reports an unfinished last line at that line, not past the diagram', async () => {
    const problem = await checkDiagram('lessons/01-x.md', 20, 'flowchart LR\n  A --> B -->');
    expect(problem?.line).toBe(22);
  });

  it('reports an unknown diagram type at the fence', async () => {
    const problem = await checkDiagram('lessons/01-x.md', 5, 'flowchat LR\n  A --> B');
    expect(problem).toMatchObject({ line: 5, rule: 'lesson/diagram' });
    expect(problem?.message).toMatch(/No diagram type detected/);
  });
});

describe('checkDiagrams', () => {
  it('finds the broken diagram of a lesson and points at its line in the file', async () => {
    const text = [
      '---',
      'id: diagrams',
      'title: Diagrams',
      'order: 1',
      'summary: Two diagrams.',
      '---',
      'Fine:',
      '',
      '```mermaid',
      'flowchart LR',
      '  A --> B',
      '```',
      '',
      'Broken:',
      '',
      '```mermaid',
      'sequenceDiagram',
      '  A->>: hi',
      '```',
    ].join('\n');
    const { lesson } = loadLesson('lessons/01-diagrams.md', text);
    expect(lesson).toBeDefined();
    const problems = await checkDiagrams([lesson!]);
    expect(problems.map((d) => `${d.file}:${d.line}`)).toEqual(['lessons/01-diagrams.md:18']);
  });
});
