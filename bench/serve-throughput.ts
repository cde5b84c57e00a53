/**
 * Section 7, serving: requests per second through `course serve --http` with the capstone's
 * reference router (every message crosses into the serve child and into the learner's isolate,
 * and its reply is checked), beside the same two tools served by the SDK's own McpServer in the
 * same run. One SDK 1.x client per server calls `tools/call add` sequentially, as a host does;
 * the servers take turns (three rounds each, the median kept), so load drifts hit both. Every
 * answer is checked.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { REFERENCE, startHttpServe, waitForStderr, type ServeProcess } from '../runner/cli/testing/serve-harness.ts';
import { root } from './corpus.ts';
import { count, stats, type BenchContext, type BenchSection, type SectionOptions } from './report.ts';

/** Starts the McpServer baseline (serve-baseline.ts) through tsx; resolves once it listens. */
async function startBaseline(): Promise<{ url: URL; stop: () => Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', join(root, 'bench/serve-baseline.ts')], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const like = { child, stderr: () => stderr, exited, stop: async () => (child.kill('SIGTERM'), exited) } as unknown as ServeProcess;
  const match = await waitForStderr(like, /listening on (http:\S+)/);
  return { url: new URL(match[1] as string), stop: like.stop };
}

/** Calls `add` `n` times in sequence through one session; resolves with the seconds it took. */
async function calls(url: URL, n: number, failures: string[], label: string): Promise<number> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    const begun = performance.now();
    for (let i = 0; i < n; i++) {
      const result = await client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
      const text = (result.content as { text?: string }[])[0]?.text;
      if (text !== String(i + 1) && failures.length < 5) failures.push(`${label}: add(${i}, 1) answered ${JSON.stringify(text)}`);
    }
    return (performance.now() - begun) / 1000;
  } finally {
    await client.close();
  }
}

export async function benchServe(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const n = options.quick ? 200 : 2000;
  const rounds = 3;
  const failures: string[] = [];
  ctx.log('starting course serve --http and the McpServer baseline...');
  const [serve, baseline] = await Promise.all([startHttpServe(REFERENCE), startBaseline()]);
  const rates = { serve: [] as number[], baseline: [] as number[] };
  try {
    // Warm-up: both processes compile their paths before anything is timed.
    await calls(serve.url, 100, failures, 'course serve');
    await calls(baseline.url, 100, failures, 'McpServer');
    for (let round = 0; round < rounds; round++) {
      ctx.log(`round ${round + 1} of ${rounds}: ${count(n)} calls each...`);
      rates.serve.push(n / (await calls(serve.url, n, failures, 'course serve')));
      rates.baseline.push(n / (await calls(baseline.url, n, failures, 'McpServer')));
    }
  } finally {
    const code = await serve.stop('SIGTERM');
    if (code !== 0) failures.push(`course serve exited ${code} on SIGTERM (expected 0)`);
    await baseline.stop();
  }
  const value = stats(rates.serve).median;
  const base = stats(rates.baseline).median;
  return {
    title: '7. Serving (course serve)',
    rows: [
      {
        measure: `tools/call through \`course serve --http\`, reference router, ${count(n)} sequential calls (median of ${rounds})`,
        value: `${value.toFixed(0)} requests/s (${(1000 / value).toFixed(2)} ms each)`,
        baseline: `${base.toFixed(0)} requests/s: the same two tools on the SDK's McpServer`,
        ratio: `${(value / base).toFixed(2)}x`,
        raw: { calls: n, rounds, perSecond: value, baselinePerSecond: base, ratio: value / base },
      },
    ],
    notes: [
      `Each with one SDK 1.x Client over StreamableHTTPClientTransport on loopback, the servers taking turns; all rounds: course serve ${rates.serve.map((r) => r.toFixed(0)).join(', ')}, McpServer ${rates.baseline.map((r) => r.toFixed(0)).join(', ')} requests/s.`,
      'course serve pays, per message, an IPC round trip to its serve child, a call into the isolate (arguments and reply as JSON text, the reply encoded when not plain JSON) and the reply check; McpServer calls the tool in its own process.',
    ],
    failures,
  };
}
