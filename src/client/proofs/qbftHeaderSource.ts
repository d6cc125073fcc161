import { type Address, type Hex, hexToBigInt, numberToHex } from 'viem';
import type { CoreClient } from '../createCoreClient.js';
import { HeaderUntrustedError } from './headerErrors.js';
import type { RpcHeader } from './qbftHeader.js';
import { DEFAULT_EPOCH_LENGTH, followQbftHeaders, startTally } from './qbftValidators.js';

/** Headers asked in one JSON-RPC batch while catching up. */
const HEADERS_PER_BATCH = 100;

/** A header the relying party already trusts: genesis of the kit, or a checkpoint it pinned. */
export type QbftCheckpoint = {
  hash: Hex;
  number: bigint;
  /** The validators that seal the block after it (genesis: its `extraData`'s). */
  validators: readonly Address[];
};

/**
 * The latest header of a Besu QBFT network, trusted by its validators' seals: from a checkpoint
 * the relying party pinned, every header up to the node's latest is fetched and followed
 * (`followQbftHeaders`): each the child of the last, each sealed by a quorum of the set the
 * votes give. The node only carries the headers: a forged or reordered one is refused. Later
 * calls follow on from where the last stopped. For `provenCall`'s `header`.
 * @throws {HeaderUntrustedError} at the first header that breaks a rule.
 */
export function qbftHeaderSource(
  client: Pick<CoreClient, 'rpc' | 'rpcBatch'>,
  checkpoint: QbftCheckpoint,
  epochLength = DEFAULT_EPOCH_LENGTH,
): () => Promise<RpcHeader & { hash: Hex }> {
  let trusted = {
    hash: checkpoint.hash,
    number: checkpoint.number,
    tally: startTally(checkpoint.validators),
  };
  let latest: (RpcHeader & { hash: Hex }) | undefined;
  return async () => {
    const head = hexToBigInt(await client.rpc<Hex>('eth_blockNumber', []));
    while (trusted.number < head) {
      const numbers: bigint[] = [];
      for (let n = trusted.number + 1n; n <= head && numbers.length < HEADERS_PER_BATCH; n++) {
        numbers.push(n);
      }
      const outcomes = await client.rpcBatch<RpcHeader | null>(
        numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] })),
      );
      const headers = outcomes.map((outcome, i) => {
        if (outcome.status !== 'success' || !outcome.result?.hash) {
          throw new HeaderUntrustedError(`the node gave no header for block ${numbers[i]}`);
        }
        return outcome.result as RpcHeader & { hash: Hex };
      });
      trusted = await followQbftHeaders(trusted, headers, epochLength);
      latest = headers.at(-1);
    }
    if (!latest) {
      throw new HeaderUntrustedError(
        `the node's latest block ${head} is not after the checkpoint ${checkpoint.number}`,
      );
    }
    return latest;
  };
}
