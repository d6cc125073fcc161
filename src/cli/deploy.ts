import type { Config } from '../config.js';
import { ConfigError } from '../errors/config.js';
import type { Environment } from '../genesis/environment.js';
import { openOperator, operatorKeyOf, readOperator } from '../genesis/operator.js';
import { runGenesis } from '../genesis/runGenesis.js';
import { createLedgerClient } from '../ledger/createLedgerClient.js';
import { getLedgerChainId } from './ledgerChainId.js';

export type DeployParameters = {
  config: Config;
  /**
   * An operator record file (`operator.json` layout) that must exist; default: `config.operatorKey`
   * (`<data dir>/operator.json` or a `pkcs11:` URI), whose record is created if absent.
   */
  operatorKeyPath: string | undefined;
  log: (message: string) => void;
};

/**
 * `core-registry deploy`: performs (or completes) genesis on any ledger from the committed
 * artifacts and writes the environment file. Idempotent.
 * - Design: DESIGN.md §8
 * @throws {ConfigError} without `--ledger-url`.
 * @throws {ConfigError} when the ledger does not answer.
 * @throws {EnvironmentError} on a wrong chain or a failed transaction.
 */
export async function deploy({
  config,
  operatorKeyPath,
  log,
}: DeployParameters): Promise<Environment> {
  if (config.ledgerUrl === undefined) {
    throw new ConfigError(
      '--ledger-url',
      '"deploy" needs the ledger: pass "--ledger-url" or set "CORE_LEDGER_URL"',
    );
  }
  const ledger = createLedgerClient({ url: config.ledgerUrl });
  try {
    // A ledger that does not answer is said before any operator key is created.
    await getLedgerChainId(ledger);
    const setting = operatorKeyOf(config);
    const operator = operatorKeyPath
      ? await readOperator(operatorKeyPath, config.pkcs11)
      : await openOperator(setting, { create: true });
    return await runGenesis({
      ledger,
      operator,
      environmentPath: config.environmentPath,
      governance: config.governance,
      log,
    });
  } finally {
    await ledger.close();
  }
}
