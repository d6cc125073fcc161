import { type Address, encodeEventTopics, type Hex, numberToHex } from 'viem';
import { LedgerRequestError } from '../../errors/ledger.js';
import type { LedgerClient } from '../../ledger/createLedgerClient.js';
import { TIMESTAMP } from './contract.js';

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * The hash of the transaction that created a timestamp, from its `HashTimestamped` log (emitted
 * once per timestamp, indexed by id) at the block the registry recorded; `undefined` when the
 * ledger returns no such log or refuses the query (a node that pruned its logs, or limits
 * `eth_getLogs`): the timestamp itself stays readable.
 * @throws {LedgerUnavailableError} when the ledger cannot be reached.
 */
export async function getTimestampTransactionHash(
  ledger: LedgerClient,
  address: Address,
  timestampId: Hex,
  blockNumber: bigint,
): Promise<Hex | undefined> {
  const { abi } = TIMESTAMP;
  const topics = encodeEventTopics({ abi, eventName: 'HashTimestamped', args: { timestampId } });
  const block = numberToHex(blockNumber);
  let logs: unknown;
  try {
    logs = await ledger.request<unknown>('eth_getLogs', [
      { address, fromBlock: block, toBlock: block, topics },
    ]);
  } catch (error) {
    if (error instanceof LedgerRequestError) return undefined;
    throw error;
  }
  if (!Array.isArray(logs)) return undefined;
  const hash = (logs[0] as { transactionHash?: unknown } | undefined)?.transactionHash;
  return typeof hash === 'string' && TRANSACTION_HASH.test(hash) ? (hash as Hex) : undefined;
}
