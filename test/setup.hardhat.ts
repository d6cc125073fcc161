import type { TestProject } from 'vitest/node';
import { TEST_WORKERS } from '../vitest.config.js';
import { startHardhatLedger } from './support/hardhatLedger.js';
import { TEST_CHAIN_ID } from './support/workerLedger.js';

/**
 * Starts one Hardhat node per vitest worker for the `hardhat` project: the journeys run there
 * as they run on the embedded ledger (`test/setup.global.ts`), through `CORE_LEDGER_URL`, to show
 * that the node needs nothing of anvil's (docs/ledgers.md).
 * - Design: STYLE.md B8
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const ledgers = await Promise.all(
    Array.from({ length: TEST_WORKERS }, () =>
      startHardhatLedger({ chainId: TEST_CHAIN_ID, intervalMs: 100 }),
    ),
  );
  project.provide(
    'ledgerUrls',
    ledgers.map((ledger) => ledger.url),
  );
  return async () => {
    await Promise.all(ledgers.map((ledger) => ledger.stop()));
  };
}
