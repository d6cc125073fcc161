import type { Hex } from 'viem';
import { ConfigError } from '../errors/config.js';
import { LedgerUnavailableError } from '../errors/ledger.js';
import type { LedgerClient } from '../ledger/createLedgerClient.js';
import { transportCauseOf } from './transportCause.js';

/**
 * The chain id of an external ledger: the first call `serve` and `deploy` make to it.
 * @throws {ConfigError} when the ledger does not answer, naming its URL and why.
 */
export async function getLedgerChainId(ledger: LedgerClient): Promise<number> {
  try {
    return Number(await ledger.request<Hex>('eth_chainId'));
  } catch (error) {
    if (!(error instanceof LedgerUnavailableError)) throw error;
    throw new ConfigError(
      'CORE_LEDGER_URL',
      `Cannot reach the ledger at ${ledger.url} (${transportCauseOf(error.cause)}): is it running, and is "--ledger-url" (CORE_LEDGER_URL) right?`,
      { cause: error },
    );
  }
}
