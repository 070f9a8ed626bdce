import { availableParallelism } from 'node:os';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // At least two files at once, even on two cores (Vitest's default there is one): most suites spend their
    // time waiting on a chain's slots, PostgreSQL or Chromium, so a second file halves the run (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The e2e product stops within 20 s (SIGINT, then SIGKILL).
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'apps/*/src/**/*.test.ts',
            'apps/*/test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'programs/*/test/**/*.test.ts',
            'e2e/harness/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint-rules/**/*.test.js',
          ],
          exclude: ['apps/web/**', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        // Smoke tests and suites in Chromium against one product started for the whole run (e2e/harness).
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/smoke/**/*.spec.ts', 'e2e/suites/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/harness/global-setup.ts'],
          setupFiles: ['e2e/harness/setup.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
