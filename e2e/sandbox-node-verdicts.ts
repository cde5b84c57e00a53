/**
 * Child process of the parity test: grades jobs with the Node runner (isolated-vm needs Node
 * started with --no-node-snapshot, which the vitest browser project is not) and prints results.
 * Input on stdin: JSON `ParityJob[]`; output on stdout: JSON `RunResult[]` in the same order.
 */
import { createNodeRunner } from '../runner/node/runner.ts';
import type { RunResult } from '../runner/core/result.ts';
import type { GradeRequest } from '../runner/core/runner-api.ts';

export interface ParityJob {
  label: string;
  exercise: GradeRequest['exercise'];
  source: string;
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const jobs = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ParityJob[];
const runner = createNodeRunner();
const results: RunResult[] = [];
for (const job of jobs) results.push(await runner.grade({ exercise: job.exercise, source: job.source, mode: 'submit' }));
process.stdout.write(JSON.stringify(results));
