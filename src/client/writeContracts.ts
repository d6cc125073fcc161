import type { Hex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import type { ContractWrite } from './contractWrite.js';
import type { CoreClient } from './createCoreClient.js';
import { WriteContractsError, type WriteOutcome } from './errors.js';
import { type RegistryCall, signWrites } from './signWrites.js';
import { type Receipt, waitForReceipt } from './writeContract.js';

export type WriteContractsParameters = {
  /** The signing key: a capabilityInvocation key of the token holder. */
  account: LocalAccount;
  /** One access token for the whole batch: its scope must cover every write. */
  accessToken: string;
  /** The writes, each typed by its registry's ABI; signed and sent in this order. */
  writes: readonly ContractWrite[];
  /** The nonce of the first write (default: the account's pending count); the next ones follow. */
  nonce?: number;
};

/** The transaction hashes, in the order of `writes`. */
export type WriteContractsReturnType = Hex[];

/**
 * Signs several registry writes with consecutive nonces and sends them in ONE request to
 * `POST /v1/ledger`: a JSON-RPC batch of `eth_sendRawTransaction` entries under one token.
 *
 * The node's write gate checks each entry on its own, against the ledger as it was when the
 * request arrived (one block per request): a write that needs an earlier write of the same batch
 * to be mined first (a key that `insertDidDocument` registers, then signs with) belongs in a
 * later batch. Gas caps do not limit raw transactions; the node takes at most 1024 entries.
 * - Spec: SPEC.md §4.3, §7.3
 * @returns the hashes, in the order of `writes`, once the node accepted every write.
 * @throws {TypeError} when `writes` is empty.
 * @throws {WriteContractsError} when the node refused some writes: its `results` hold each
 *   write's hash or {@link LedgerRpcError}. The writes before a refused one are sent; those after
 *   it are sent too, but wait in the ledger's pool until the account uses the refused one's nonce
 *   (its next write does, since the pending count stops at the gap).
 * @throws {LedgerRpcError} when the node refused the whole batch (e.g. more than 1024 entries).
 * @example
 * const hashes = await writeContracts(client, {
 *   account,
 *   accessToken,
 *   writes: [
 *     { registry: 'timestamp', functionName: 'commitTimestampHashes', args: [first] },
 *     { registry: 'timestamp', functionName: 'commitTimestampHashes', args: [second] },
 *   ],
 * });
 */
export async function writeContracts(
  client: CoreClient,
  parameters: WriteContractsParameters,
): Promise<WriteContractsReturnType> {
  const { account, accessToken, writes, nonce } = parameters;
  if (writes.length === 0) throw new TypeError('"writes" must hold at least one write');
  const signed = await signWrites(client, {
    account,
    // Typed by the ABIs at this boundary; encoded against the node's served ABIs from here on.
    calls: writes as readonly RegistryCall[],
    ...(nonce === undefined ? {} : { nonce }),
  });
  const answers = await client.rpcBatch<Hex>(
    signed.transactions.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })),
    accessToken,
  );
  const results = answers.map(
    (answer, i): WriteOutcome =>
      answer.status === 'success'
        ? { status: 'success', hash: answer.result, nonce: signed.nonce + i }
        : { status: 'failure', error: answer.error, nonce: signed.nonce + i },
  );
  const hashes = results.flatMap((outcome) => (outcome.status === 'success' ? [outcome.hash] : []));
  if (hashes.length < results.length) throw new WriteContractsError(results);
  return hashes;
}

/**
 * {@link writeContracts}, then {@link waitForReceipt} for each write in order: the successful
 * receipts, or the first typed revert.
 * @throws {WriteContractsError} when the node refused some writes (nothing is waited for).
 * @throws {TransactionRevertedError} for the first write that reverts.
 */
export async function writeContractsAndWait(
  client: CoreClient,
  parameters: WriteContractsParameters & { onProgress?: (message: string) => void },
): Promise<Receipt[]> {
  const hashes = await writeContracts(client, parameters);
  const { writes, onProgress } = parameters;
  const receipts: Receipt[] = [];
  // In nonce order: once a write is mined, the ones before it are too.
  for (const [i, hash] of hashes.entries()) {
    const { registry } = writes[i] as ContractWrite;
    receipts.push(
      await waitForReceipt(
        client,
        onProgress ? { hash, registry, onProgress } : { hash, registry },
      ),
    );
  }
  return receipts;
}
