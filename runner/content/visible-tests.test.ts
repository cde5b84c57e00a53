import { describe, expect, it } from 'vitest';
import { visibleTestsSource } from './visible-tests.ts';

const FILE = `// The domain of every check, hidden ones included: SECRET-CANARY.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, ids } from '@course/check';

// A request the examples send.
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const other = (id) => ({ ...ping, id });

// Only the hidden checks draw these: SECRET-CANARY.
const hiddenIds = fc.oneof(ids(), fc.constant('SECRET-CANARY'));
function hiddenHelper() { return hiddenIds; }

describe('examples', () => {
  it('answers ping', async () => { expect(await route(ping)).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' }); });
  it('answers another id', async () => { expect((await route(other(2))).id).toBe(2); });
});

describe('generated', () => {
  it('any id', () => agrees({ input: hiddenHelper(), calls: (id) => [['route', { ...ping, id }]] }));
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

  it('keeps a helper the examples use, with the comment right above it', () => {
    expect(visible).toContain('// A request the examples send.');
    expect(visible).toContain('const other = (id) =>');
  });

  it('removes what only the hidden checks use: helpers, arbitraries, import names and comments about them', () => {
    expect(visible).not.toContain('hiddenIds');
    expect(visible).not.toContain('hiddenHelper');
    expect(visible).not.toContain('fast-check');
    expect(visible).not.toContain('@course/check');
    expect(visible).toContain("import { describe, it, expect } from 'vitest';");
  });

  it('removes every other group, describe.each included', () => {
    expect(visible).not.toContain('SECRET-CANARY');
    expect(visible).not.toContain("describe('ids'");
  });

  it('throws, naming the file, when the tests do not parse', () => {
    expect(() => visibleTestsSource('exercises/x/tests.test.js', 'describe(')).toThrow(/exercises\/x\/tests\.test\.js does not parse/);
  });
});
