import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Test files that replace a module or a global (vi.mock, vi.stubGlobal) run each in a fresh module graph of
 * its own; every other file shares its worker's modules with the files before it (isolate: false), so the
 * server's modules load once per worker and not once per file (decision 053).
 */
const ISOLATED = ['apps/web/**/*.test.{ts,tsx}', 'apps/server/src/modules/crm/leads/loop-failure.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['apps/server/test/global-setup.ts'],
    reporters: ['default', './apps/server/test/slowest-files-reporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Safety nets against a hung test, not measurements: a test that builds a database of its own takes
    // seconds on a quiet machine, and CI's machine has run four times slower, shared with the browser suite.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
