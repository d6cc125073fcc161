import { join } from 'node:path';
import type { Config } from '../config.js';
import { ConfigError } from '../errors/config.js';
import type { Environment } from '../genesis/environment.js';
import { loadOrCreateOperator, readOperator } from '../genesis/operator.js';
import { runGenesis } from '../genesis/runGenesis.js';
import { createLedgerClient } from '../ledger/createLedgerClient.js';

export type DeployParameters = {
  config: Config;
  /** An operator key file (`operator.json` layout); default `<data dir>/operator.json`, created if absent. */
  operatorKeyPath: string | undefined;
  log: (message: string) => void;
};

/**
 * `core-registry deploy`: performs (or completes) genesis on any ledger from the committed
 * artifacts and writes the environment file. Idempotent.
 * - Design: DESIGN.md §8
 * @throws {ConfigError} without `--ledger-url`.
 * @throws {EnvironmentError} on a wrong chain or a failed transaction.
 */
export async function deploy({
  config,
  operatorKeyPath,
  log,
}: DeployParameters): Promise<Environment> {
  if (config.ledgerUrl === undefined) {
    throw new ConfigError(
      'CORE_LEDGER_URL',
      '"deploy" needs the ledger: pass "--ledger-url" or set "CORE_LEDGER_URL"',
    );
  }
  const operator = operatorKeyPath
    ? await readOperator(operatorKeyPath)
    : await loadOrCreateOperator(join(config.dataDir, 'operator.json'));
  const ledger = createLedgerClient({ url: config.ledgerUrl });
  try {
    return await runGenesis({ ledger, operator, environmentPath: config.environmentPath, log });
  } finally {
    await ledger.close();
  }
}
