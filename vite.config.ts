import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { learnerPlugin } from './runner/node/vitest-learner-plugin.ts';
import { SummaryReporter } from './runner/node/vitest-summary-reporter.ts';
import { coursePlugin } from './web/vite-plugin-course.ts';

// One config for the app (root: web/) and the test projects (root: the repository).
const here = import.meta.dirname;

export default defineConfig({
  root: 'web',
  plugins: [react(), coursePlugin()],
  // Relative asset URLs, so the built app works from any static host path.
  base: './',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // bench/page-weight.ts reads the manifest to find what a lesson page loads up front.
    manifest: true,
    chunkSizeWarningLimit: 8_000,
    rolldownOptions: {
      // The content model (runner/content: loaders, schemas, the work-file format) does nothing
      // when imported; saying so lets the page import its index for the work-file format without
      // pulling in the loaders' Markdown, YAML and zod code. The grading core (runner/core) does
      // nothing when imported either: the page imports its index for `diagnose`, and without
      // this the whole grader (acorn, chai, the codec) came with it into the first load instead
      // of staying in the runner's lazy chunk.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]runner[\\/]content[\\/]/, sideEffects: false },
          { test: /[\\/]runner[\\/]core[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  worker: { format: 'es' },
  test: {
    root: here,
    // The default report, then one plain `N passed, N failed` line for CI.
    reporters: ['default', new SummaryReporter()],
    // Test files at once: one per core. vitest's default leaves a core free (one file at a time on
    // 2 cores), but most files here wait on other processes (grading processes, Chromium, MCP
    // clients and servers) for much of their time, and every test must hold on a busy machine.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          root: here,
          include: ['runner/**/*.test.ts', 'web/**/*.test.ts', 'bench/**/*.test.ts'],
          // isolated-vm needs this on Node 20 (it cannot start from Node's startup snapshot).
          execArgv: ['--no-node-snapshot'],
          // The CLI tests run the prebuilt command: build it once, before they start.
          globalSetup: ['runner/cli/build-for-tests.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [learnerPlugin()],
        test: {
          name: 'exercises',
          root: here,
          include: ['exercises/*/tests.test.{js,ts}'],
        },
      },
      {
        test: {
          // The web app in real Chromium: builds dist/ once, serves it, drives it with playwright-core.
          name: 'browser',
          root: here,
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
