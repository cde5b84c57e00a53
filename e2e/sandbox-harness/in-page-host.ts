/**
 * For the benchmark only: a "host" with no isolation at all. The guest agent runs in the page's
 * own realm, under a stand-in global, and requests are plain function calls. It measures the
 * floor: what the same grading core costs when crossing a realm costs nothing.
 */
import { DEFAULT_GUEST_OPTIONS, GUEST_GLOBAL, guestSource } from '../../runner/core/guest/source.ts';
import type { GuestAgent } from '../../runner/core/guest/agent.ts';
import type { Sandbox, SandboxHost } from '../../runner/core/sandbox.ts';

export function createInPageHost(): SandboxHost {
  // The agent installs itself on `globalThis` for good, so each sandbox gets a stand-in global
  // whose `eval` is the page's (learner code then runs in the page realm, like a plain script).
  // No realm pruning (null): the stand-in's prototype is the page's own global.
  const setup = new Function('globalThis', guestSource(DEFAULT_GUEST_OPTIONS, undefined, null));
  return {
    async create(): Promise<Sandbox> {
      const stand = Object.create(globalThis) as Record<string, unknown>;
      stand.eval = globalThis.eval;
      setup(stand);
      const agent = stand[GUEST_GLOBAL] as GuestAgent;
      return {
        async send(request) {
          return await agent.handle(request);
        },
        dispose() {},
      };
    },
  };
}
