/**
 * The harness page: exposes the browser runner (and, for the benchmark, the same core over an
 * in-page host) on `window.harness`, plus a responsiveness meter the probes read.
 */
import { createBrowserHost } from '../../runner/browser/index.ts';
import { browserJudgeModules } from '../../runner/browser/judge-modules.ts';
import { makeDecoder, makeEncoder } from '../../runner/core/codec/index.ts';
import { DEFAULT_CODEC_LIMITS } from '../../runner/core/codec/types.ts';
import { inventoryExpression } from '../../runner/core/guest/realm.ts';
import { createRunner } from '../../runner/core/runner.ts';
import type { AnyGradeRequest, CourseRunner, SnippetRequest } from '../../runner/core/runner-api.ts';
import type { SandboxHost } from '../../runner/core/sandbox.ts';
import { returnedValue as replyValue } from '../../runner/core/reply.ts';
import type { LearnerCode } from '../../runner/content/index.ts';
import { verdictOf } from '../verdict.ts';
import { createInPageHost } from './in-page-host.ts';

type Exercise = AnyGradeRequest['exercise'];

/** Each host's frame goes in its own element, so tests can tell the frames apart. */
function container(name: string): HTMLElement {
  const element = document.createElement('div');
  element.id = `host-${name}`;
  document.body.append(element);
  return element;
}

// `?warmUp=N` sets the warm-up rounds of the main host (the benchmark compares settings).
const warmUpParam = new URLSearchParams(location.search).get('warmUp');
const host = createBrowserHost({ container: container('sandbox'), ...(warmUpParam ? { warmUpRounds: Number(warmUpParam) } : {}) });

/** Timeline of the last runs' host operations (create / load / call), for the benchmark's breakdown. */
const trace: { op: string; ms: number }[] = [];
function traced(inner: SandboxHost): SandboxHost {
  return {
    async create(limits) {
      const t0 = performance.now();
      const box = await inner.create(limits);
      trace.push({ op: 'create', ms: performance.now() - t0 });
      return {
        async send(request, options) {
          const t1 = performance.now();
          const reply = await box.send(request, options);
          trace.push({ op: request.type, ms: performance.now() - t1 });
          return reply;
        },
        dispose: () => box.dispose(),
      };
    },
  };
}
const runners: Record<string, CourseRunner> = {
  sandbox: createRunner({ host, modules: browserJudgeModules }),
  traced: createRunner({ host: traced(host), modules: browserJudgeModules }),
  // The same sandbox with the worker's realm left whole (timers, fetch...): origin and CSP alone.
  bare: createRunner({ host: createBrowserHost({ pruneRealm: false, container: container('bare') }), modules: browserJudgeModules }),
  cold: createRunner({ host: createBrowserHost({ warmUpRounds: 0, container: container('cold') }), modules: browserJudgeModules }),
  floor: createRunner({ host: createInPageHost(), modules: browserJudgeModules }),
};

// Clicks on #ping are counted, so a test can see the page handle input while a run goes on, and
// the last one's wait before its handler ran is kept: the page's own input delay, without the
// test process's round trips (which a loaded machine stretches).
let clicks = 0;
let clickDelayMs = 0;
document.querySelector('#ping')?.addEventListener('click', (event) => {
  clickDelayMs = performance.now() - event.timeStamp;
  clicks++;
  (document.querySelector('#pong') as HTMLOutputElement).value = String(clicks);
});

/**
 * Runs `work` while watching the page's main thread: the longest task (Long Tasks API: a task
 * that blocks input) and the longest gap between 5 ms timer ticks (which also counts the time the
 * OS did not schedule the page at all, so it is noisy on a busy machine).
 */
async function metered<T>(work: () => Promise<T>): Promise<{ value: T; maxGapMs: number; maxTaskMs: number; ms: number }> {
  let last = performance.now();
  let maxGapMs = 0;
  let maxTaskMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) maxTaskMs = Math.max(maxTaskMs, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const tick = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  }, 5);
  const t0 = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - t0;
    for (const entry of observer.takeRecords()) maxTaskMs = Math.max(maxTaskMs, entry.duration);
    return { value, maxGapMs, maxTaskMs, ms };
  } finally {
    clearInterval(tick);
    observer.disconnect();
  }
}

/**
 * For the benchmark: the bare cost of one round trip between the page and a worker inside a
 * sandboxed frame like the host's (a separate process in Chromium), with a message of a call's
 * size and a worker that only echoes. It is the floor under each call of a sandboxed run.
 */
let echo: Promise<MessagePort> | undefined;
function echoPort(): Promise<MessagePort> {
  echo ??= new Promise((resolve) => {
    const worker = `onmessage = (e) => { const p = e.ports[0]; p.onmessage = (m) => p.postMessage(m.data); p.postMessage('ready'); };`;
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.srcdoc = `<script>const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' }))); onmessage = (e) => w.postMessage(null, [e.ports[0]]);<\/script>`;
    iframe.onload = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(channel.port1);
      iframe.contentWindow?.postMessage(null, '*', [channel.port2]);
    };
    container('echo').append(iframe);
  });
  return echo;
}
async function roundTrips(count: number, payload: string): Promise<number[]> {
  const port = await echoPort();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      port.onmessage = () => resolve();
      port.postMessage(payload);
    });
    times.push(performance.now() - t0);
  }
  return times;
}

const harness = {
  runnerNames: Object.keys(runners),
  roundTrips,
  async grade(exercise: Exercise, source: LearnerCode, mode: 'run' | 'submit' = 'submit', runner = 'sandbox', abortAfterMs?: number) {
    const controller = new AbortController();
    if (abortAfterMs !== undefined) setTimeout(() => controller.abort(), abortAfterMs);
    return metered(() => (runners[runner] as CourseRunner).grade({ exercise, source, mode, signal: controller.signal }));
  },
  async snippet(code: string, timeoutMs = 2000, runner = 'sandbox') {
    const request: SnippetRequest = { code, language: 'js', timeoutMs };
    return metered(() => (runners[runner] as CourseRunner).runSnippet(request));
  },
  /**
   * Grades each source `reps` times, one after another, and returns each run's verdict (what the
   * determinism suite compares; see e2e/verdict.ts).
   */
  async verdicts(exercise: Exercise, sources: LearnerCode[], reps: number): Promise<string[][][]> {
    const out: string[][][] = [];
    for (const source of sources) {
      const runs: string[][] = [];
      for (let i = 0; i < reps; i++) {
        // As course grade does: the mistake named from the mutants' answers on the failing inputs.
        const result = await (runners.sandbox as CourseRunner).grade({ exercise, source, mode: 'submit', diagnose: true });
        runs.push(verdictOf(result));
      }
      out.push(runs);
    }
    return out;
  },
  /** Resolves with how long the page took to run a timer and paint a frame. */
  responsive(): Promise<number> {
    const t0 = performance.now();
    return new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => resolve(performance.now() - t0)), 0));
  },
  /** Watches the page for `ms` with nothing running (see `metered`). */
  idle: (ms: number) => metered(() => new Promise<void>((resolve) => setTimeout(resolve, ms))),
  clicks: () => clicks,
  clickDelayMs: () => clickDelayMs,
  trace: () => trace.splice(0),
  warm: () => host.warm(),
  /** What learner code finds in a fresh sandbox of the main host (see runner/core/guest/realm.ts). */
  async realm(): Promise<unknown> {
    const box = await host.create({ memoryMb: 64 });
    try {
      // `const`: a function declaration would itself be a global of the realm it lists.
      const source = `const probe = () => ${inventoryExpression()};`;
      await box.send({ type: 'load', source, filename: 'main.js', names: ['probe'] }, { timeoutMs: 5000 });
      const reply = await box.send({ type: 'call', seq: 1, name: 'probe', args: makeEncoder()([], DEFAULT_CODEC_LIMITS) }, { timeoutMs: 5000 });
      if (reply.type !== 'returned') throw new Error(`the realm probe did not return: ${JSON.stringify(reply).slice(0, 500)}`);
      return replyValue(reply, makeDecoder());
    } finally {
      box.dispose();
    }
  },
  /** Number of sandbox frames of a runner's host in the page. */
  frames: (name = 'sandbox') => document.querySelectorAll(`#host-${name} iframe`).length,
};

declare global {
  interface Window {
    harness: typeof harness;
  }
}
window.harness = harness;
document.body.dataset.ready = 'true';
