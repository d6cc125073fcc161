import { inject } from 'vitest';

/** The chain id of every test ledger (the node's default). */
export const TEST_CHAIN_ID = 2026;

/** The URL of this vitest worker's ledger, started by `test/setup.global.ts`. */
export function workerLedgerUrl(): string {
  const urls = inject('ledgerUrls');
  const index = (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % urls.length;
  return urls[index] as string;
}
