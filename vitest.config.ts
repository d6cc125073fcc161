import { defineConfig } from 'vitest/config';

/** CI has two cores: two workers, each with one ledger started in `test/setup.global.ts`. */
export const TEST_WORKERS = 2;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
    globalSetup: ['test/setup.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
