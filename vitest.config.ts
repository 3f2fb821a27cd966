import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/server/**/*.test.ts',
      'packages/**/*.test.ts',
      'scripts/**/*.test.ts',
      'apps/web/**/*.test.{ts,tsx}',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    reporters: ['default', './apps/server/test/slowest-files-reporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Safety nets against a hung test, not measurements: a test that builds a database of its own takes
    // seconds on a quiet machine, and CI's machine has run four times slower, shared with the browser suite.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
