/**
 * The grading core against a scripted host (no realm at all): the order in which it talks to a
 * sandbox. Behaviour with real learner code is covered through the Node host (runner/node) and
 * Chromium (e2e/sandbox-*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { encodeValue } from './codec/index.ts';
import { DEFAULT_CODEC_LIMITS } from './codec/types.ts';
import { grade } from './grade.ts';
import type { GuestReply, GuestRequest } from './protocol.ts';
import type { GradeRequest } from './runner-api.ts';
import type { SandboxHost } from './sandbox.ts';

/** A host whose guest answers every call with `null`; it logs what the judge does and when. */
function scriptedHost(log: string[]): SandboxHost {
  return {
    async create() {
      log.push('create');
      return {
        send(request: GuestRequest): Promise<GuestReply> {
          log.push(request.type === 'load' ? 'load sent' : `call ${request.seq} sent`);
          const quiet = { console: [], consoleDropped: 0 };
          // Replies arrive later, as from another thread or process.
          return new Promise((resolve) =>
            setTimeout(() => {
              log.push(request.type === 'load' ? 'load answered' : `call ${request.seq} answered`);
              resolve(request.type === 'load' ? { type: 'loaded', names: { route: 'function' }, ...quiet } : { type: 'returned', seq: request.seq, value: encodeValue(null, DEFAULT_CODEC_LIMITS), ...quiet });
            }, 5),
          );
        },
        dispose: () => log.push('dispose'),
      };
    },
  };
}

function request(tests: string): GradeRequest {
  return {
    exercise: { id: 'inline', language: 'js', functions: ['route'], limits: { callMs: 500, runMs: 5000, memoryMb: 32 }, tests, testsFile: 'exercises/inline/tests.test.js' },
    source: 'function route() { return null; }',
    mode: 'submit',
  };
}

describe('grade, talking to a sandbox', () => {
  it('sends the load before collecting the tests, so the two overlap, and runs tests after both', async () => {
    const log: string[] = [];
    const tests = `
      import { it, expect } from 'vitest';
      import { route } from '@course/learner';
      import { mark } from 'probe';
      mark('collecting');
      it('calls', async () => { expect(await route({})).toBe(null); });
    `;
    const result = await grade(request(tests), { host: scriptedHost(log), modules: { probe: async () => ({ mark: (what: string) => log.push(what) }) } });
    expect(result.status).toBe('pass');
    expect(log).toEqual(['create', 'load sent', 'collecting', 'load answered', 'call 1 sent', 'call 1 answered', 'dispose']);
  });

  it('uses the one loaded sandbox when the tests file calls learner code while it is collected', async () => {
    const log: string[] = [];
    const tests = `
      import { it, expect } from 'vitest';
      import { route } from '@course/learner';
      const first = await route({});
      it('calls', async () => { expect(first).toBe(null); expect(await route({})).toBe(null); });
    `;
    const result = await grade(request(tests), { host: scriptedHost(log) });
    expect(result.status).toBe('pass');
    expect(log.filter((entry) => entry === 'create' || entry === 'load sent')).toEqual(['create', 'load sent']);
  });
});
