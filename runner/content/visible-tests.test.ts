import { describe, expect, it } from 'vitest';
import { visibleTestsSource } from './visible-tests.ts';

const FILE = `import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

describe('examples', () => {
  it('answers ping', async () => { expect(await route(ping)).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' }); });
});

describe('ids', () => {
  it('echoes id 0 SECRET-CANARY', async () => { expect((await route({ ...ping, id: 0 })).id).toBe(0); });
});

describe.each([1, 2])('notifications %i', (n) => {
  it('gets null SECRET-CANARY', async () => { expect(await route({ method: 'x' })).toBe(null); });
});

describe('examples', () => {
  it('a second group of the same name is hidden SECRET-CANARY', () => {});
});

it('a test outside any group is hidden SECRET-CANARY', () => {});
test.each([1])('so is a table of them SECRET-CANARY %i', () => {});
`;

describe('visibleTestsSource', () => {
  const visible = visibleTestsSource('exercises/x/tests.test.js', FILE);

  it('keeps the imports, the helpers and the first examples group', () => {
    expect(visible).toContain("import { route } from '@course/learner';");
    expect(visible).toContain("const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };");
    expect(visible).toContain("it('answers ping'");
  });

  it('removes every other group, describe.each included', () => {
    expect(visible).not.toContain('SECRET-CANARY');
    expect(visible).not.toContain("describe('ids'");
  });

  it('throws, naming the file, when the tests do not parse', () => {
    expect(() => visibleTestsSource('exercises/x/tests.test.js', 'describe(')).toThrow(/exercises\/x\/tests\.test\.js does not parse/);
  });
});
