import { defineConfig } from 'vitest/config';

/** CI has two cores: two workers, each with one ledger per project started by its global setup. */
export const TEST_WORKERS = 2;

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'anvil',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/setup.tmpdir.ts', 'test/setup.global.ts'],
        },
      },
      {
        // The journeys and the write path again, on a second and independent ledger
        // implementation (docs/ledgers.md).
        extends: true,
        test: {
          name: 'hardhat',
          include: [
            'test/journeys/*.test.ts',
            'test/governance/*.test.ts',
            'test/rpc/writeGate.test.ts',
            'test/rpc/writeScopes.test.ts',
          ],
          globalSetup: ['test/setup.tmpdir.ts', 'test/setup.hardhat.ts'],
        },
      },
    ],
  },
});
