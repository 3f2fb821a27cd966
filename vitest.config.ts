import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'apps/web/**/*.test.{ts,tsx}'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    reporters: ['default', './apps/server/test/slowest-files-reporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Safety nets, not measurements: a test that builds a database of its own takes seconds on a quiet
    // machine and several times that on a loaded one, which must not fail it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
