import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'apps/web/**/*.test.{ts,tsx}'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    reporters: ['default', './apps/server/test/slowest-files-reporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
