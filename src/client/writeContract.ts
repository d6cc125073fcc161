import { type Address, decodeErrorResult, type Hex, isHex, numberToHex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { COMMITTED_ERRORS_ABI } from '../errors/committedErrorsAbi.js';
import type { ContractWrite, WriteFunctionName } from './contractWrite.js';
import type { CoreClient, RegistrySegment } from './createCoreClient.js';
import { LedgerRpcError, TransactionRevertedError } from './errors.js';
import { type RegistryCall, signWrites } from './signWrites.js';

export type WriteContractParameters<
  registry extends RegistrySegment = RegistrySegment,
  functionName extends WriteFunctionName<registry> = WriteFunctionName<registry>,
> = ContractWrite<registry, functionName> & {
  /** The signing key: a capabilityInvocation key of the token holder. */
  account: LocalAccount;
  /** An access token whose scope covers the function (`POST /v1/auth/token`). */
  accessToken: string;
  /** A nonce to use (default: the account's pending count). */
  nonce?: number;
};

/**
 * Builds calldata from the node's served ABI, signs a gas-free EIP-1559 transaction locally and
 * submits it through `POST /v1/ledger`. Returns the transaction hash; {@link waitForReceipt}
 * waits for it. `functionName` and `args` are typed by the registry's committed ABI.
 * - Spec: SPEC.md §4.3
 * @throws {LedgerRpcError} when the gate or the node refuses it (e.g. -32600 naming a missing scope).
 * @example
 * const hash = await writeContract(client, {
 *   registry: 'timestamp',
 *   functionName: 'timestampHashes',
 *   args: [[0n], [hash], ['0x'], salt],
 *   account,
 *   accessToken,
 * });
 */
export async function writeContract<
  const registry extends RegistrySegment,
  const functionName extends WriteFunctionName<registry>,
>(client: CoreClient, parameters: WriteContractParameters<registry, functionName>): Promise<Hex> {
  // Typed by the ABI at this boundary; encoded against the node's served ABI from here on.
  return sendWrite(client, parameters as RegistryCall & WriteOptions);
}

type WriteOptions = Pick<WriteContractParameters, 'account' | 'accessToken' | 'nonce'>;

/**
 * {@link writeContract} without the ABI types, for SDK calls that check their calls otherwise
 * (`commitAndReveal` finds its legs in the served ABI).
 * @internal
 */
export async function sendWrite(
  client: CoreClient,
  call: RegistryCall & WriteOptions,
): Promise<Hex> {
  const { account, accessToken, nonce } = call;
  const {
    transactions: [raw],
  } = await signWrites(client, {
    account,
    calls: [call],
    ...(nonce === undefined ? {} : { nonce }),
  });
  return client.rpc<Hex>('eth_sendRawTransaction', [raw], accessToken);
}

/**
 * {@link writeContract}, then {@link waitForReceipt}: the successful receipt, or a typed revert.
 * @throws {LedgerRpcError} when the gate or the node refuses the transaction.
 * @throws {TransactionRevertedError} when it reverts.
 */
export async function writeContractAndWait<
  const registry extends RegistrySegment,
  const functionName extends WriteFunctionName<registry>,
>(
  client: CoreClient,
  parameters: WriteContractParameters<registry, functionName> & {
    onProgress?: (message: string) => void;
  },
): Promise<Receipt> {
  const hash = await writeContract(client, parameters);
  const { registry, onProgress } = parameters;
  return waitForReceipt(client, onProgress ? { hash, registry, onProgress } : { hash, registry });
}

export type WaitForReceiptParameters = {
  hash: Hex;
  /** The registry whose ABI decodes a revert first (then every committed contract's errors). */
  registry?: RegistrySegment;
  timeoutMs?: number;
  onProgress?: (message: string) => void;
};

export type Receipt = {
  transactionHash: Hex;
  blockNumber: Hex;
  status: Hex;
  logs: unknown[];
  /**
   * The revert data of a failed transaction, where the ledger records it (Besu with
   * `--revert-reason-enabled`, the embedded ledger).
   */
  revertReason?: Hex;
};

/**
 * Polls `eth_getTransactionReceipt` through the node until the transaction is mined; a reverted
 * one becomes a {@link TransactionRevertedError} with its decoded custom error (the receipt's
 * `revertReason`, else the transaction replayed with `eth_call` at the block before).
 * @throws {TransactionRevertedError}
 */
export async function waitForReceipt(
  client: CoreClient,
  parameters: WaitForReceiptParameters,
): Promise<Receipt> {
  const { hash, timeoutMs = 120_000, onProgress } = parameters;
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const receipt = await client.rpc<Receipt | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) {
      if (receipt.status !== '0x1')
        throw new TransactionRevertedError(hash, await explain(client, parameters, receipt));
      return receipt;
    }
    if (Date.now() > deadline)
      throw new Error(`Transaction ${hash} was not mined within ${timeoutMs} ms`);
    if (attempt % 20 === 0) onProgress?.(`waiting for ${hash} to be mined`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function explain(client: CoreClient, parameters: WaitForReceiptParameters, receipt: Receipt) {
  const raw = receipt.revertReason ?? (await replayForRevertData(client, parameters.hash, receipt));
  if (raw === undefined || !isHex(raw)) return {};
  const abis = [
    ...(parameters.registry ? [(await client.abi(parameters.registry)).abi] : []),
    COMMITTED_ERRORS_ABI,
  ];
  for (const abi of abis) {
    try {
      const { errorName, args } = decodeErrorResult({ abi, data: raw });
      return { errorName, args: args ?? [] };
    } catch {
      // Not an error of this ABI: try the next.
    }
  }
  return {};
}

/**
 * The revert data of a transaction, from replaying it as a call at the block before its own:
 * for ledgers whose receipts do not carry it and that still hold that block's state.
 */
async function replayForRevertData(
  client: CoreClient,
  hash: Hex,
  receipt: Receipt,
): Promise<unknown> {
  const tx = await client.rpc<{ from: Address; to: Address; input: Hex }>(
    'eth_getTransactionByHash',
    [hash],
  );
  try {
    await client.rpc('eth_call', [
      { from: tx.from, to: tx.to, data: tx.input },
      numberToHex(BigInt(receipt.blockNumber) - 1n),
    ]);
    return undefined;
  } catch (error) {
    const data = error instanceof LedgerRpcError ? error.data : undefined;
    return typeof data === 'string' ? data : (data as { data?: unknown } | undefined)?.data;
  }
}
