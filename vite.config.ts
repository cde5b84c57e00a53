import { defineConfig } from 'vitest/config';
import { learnerPlugin } from './runner/node/vitest-learner-plugin.ts';

// One config for the app (root: web/) and the test projects (root: the repository).
const here = import.meta.dirname;

export default defineConfig({
  root: 'web',
  test: {
    root: here,
    projects: [
      {
        test: {
          name: 'unit',
          root: here,
          include: ['runner/**/*.test.ts'],
          // isolated-vm needs this on Node 20 (it cannot start from Node's startup snapshot).
          execArgv: ['--no-node-snapshot'],
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
    ],
  },
});
