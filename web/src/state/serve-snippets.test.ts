import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, COURSE_FOLDER_PLACEHOLDER, MCP_HOSTS, placeholderPath, serveArgs, serveCommand, SERVER_NAME, shellWord } from './serve-snippets.ts';

const file = 'jsonrpc-course-work-2026-12-01.json';
const host = (id: string) => {
  const found = MCP_HOSTS.find((h) => h.id === id);
  if (!found) throw new Error(`no host ${id}`);
  return found;
};

describe('the serve command', () => {
  it('serves the exported file, naming the exercise only when it is not the default', () => {
    expect(serveCommand({ exercise: 'mcp-server', workFile: file })).toBe(`npx course serve ${file}`);
    expect(serveArgs({ exercise: 'tool-calls', workFile: file })).toEqual(['serve', file, '--exercise', 'tool-calls']);
    expect(serveCommand({ exercise: 'tool-calls', workFile: file })).toBe(`npx course serve ${file} --exercise tool-calls`);
  });

  it.each([
    ['work.json', 'work.json'],
    ['/home/ann/work.json', '/home/ann/work.json'],
    ['my work (1).json', "'my work (1).json'"],
    ["ann's work.json", `'ann'\\''s work.json'`],
    ['$HOME.json', "'$HOME.json'"],
    ['', "''"],
  ])('quotes %j for the shell as %s', (word, quoted) => {
    expect(shellWord(word)).toBe(quoted);
  });
});

describe('the hosts’ configuration entries', () => {
  const target = { exercise: 'mcp-server', courseFolder: COURSE_FOLDER_PLACEHOLDER, workFile: placeholderPath(file) };

  it('Claude Desktop: mcpServers, node running the CLI with absolute paths', () => {
    expect(JSON.parse(host('claude-desktop').config(target))).toEqual({
      mcpServers: { [SERVER_NAME]: { command: 'node', args: ['/path/to/course/runner/cli/bin.cjs', 'serve', `/path/to/${file}`] } },
    });
  });

  it('VS Code: servers, with type stdio', () => {
    expect(JSON.parse(host('vscode').config(target))).toEqual({
      servers: { [SERVER_NAME]: { type: 'stdio', command: 'node', args: ['/path/to/course/runner/cli/bin.cjs', 'serve', `/path/to/${file}`] } },
    });
  });

  it('stays valid JSON with Windows paths, quotes and spaces, which come back exactly', () => {
    const windows = { exercise: 'tool-calls', courseFolder: 'C:\\Users\\Zoë "Z" Lee\\course\\', workFile: 'C:\\Users\\Zoë "Z" Lee\\Downloads\\work (1).json' };
    for (const h of MCP_HOSTS) {
      const text = h.config(windows);
      expect(text).toContain('C:\\\\Users\\\\Zoë \\"Z\\" Lee\\\\course\\\\runner\\\\cli\\\\bin.cjs');
      const parsed = JSON.parse(text) as Record<string, Record<string, { args: string[] }>>;
      const entry = Object.values(parsed)[0]?.[SERVER_NAME];
      expect(entry?.args).toEqual(['C:\\Users\\Zoë "Z" Lee\\course\\runner\\cli\\bin.cjs', 'serve', windows.workFile, '--exercise', 'tool-calls']);
    }
  });

  it.each([
    ['/path/to/course', '/path/to/course/runner/cli/bin.cjs'],
    ['/path/to/course/', '/path/to/course/runner/cli/bin.cjs'],
    ['C:\\course', 'C:\\course\\runner\\cli\\bin.cjs'],
  ])('finds the CLI in %s', (folder, path) => {
    expect(cliPath(folder)).toBe(path);
  });
});

describe('the README and lesson 10', () => {
  // They show the same entries as the page, with the same placeholders.
  const documented = { exercise: 'mcp-server', courseFolder: COURSE_FOLDER_PLACEHOLDER, workFile: placeholderPath(file) };
  const root = join(import.meta.dirname, '..', '..', '..');
  const jsonBlocks = (path: string) =>
    [...readFileSync(join(root, path), 'utf8').matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').filter((text) => /"(mcpServers|servers)"/.test(text));

  it.each(['README.md', 'lessons/10-mcp-capstone.md'])('%s shows each host’s entry as the page builds it', (path) => {
    const blocks = jsonBlocks(path).map((text) => JSON.parse(text) as unknown);
    expect(blocks).toEqual(MCP_HOSTS.map((h) => JSON.parse(h.config(documented)) as unknown));
  });
});
