import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  numberToHex,
} from 'viem';
import { ContractRevertError } from '../errors/contract.js';
import { LedgerRequestError, LedgerUnavailableError } from '../errors/ledger.js';
import type { LedgerClient } from './createLedgerClient.js';
import type { LedgerCall } from './jsonRpc.js';
import { toContractRevert } from './toContractRevert.js';

/** The state mutability of the functions a read may call. */
export type ReadonlyFunction = 'pure' | 'view';

/** One view call: as viem's `readContract` parameters, without a block (the reader pins it). */
export type ViewCall<
  abi extends Abi = Abi,
  functionName extends ContractFunctionName<abi, ReadonlyFunction> = ContractFunctionName<
    abi,
    ReadonlyFunction
  >,
  args extends ContractFunctionArgs<abi, ReadonlyFunction, functionName> = ContractFunctionArgs<
    abi,
    ReadonlyFunction,
    functionName
  >,
> = { address: Address; abi: abi; functionName: functionName; args?: args };

/** Reads at one block: every call of a request sees the same chain state. */
export type BlockReader = {
  readonly blockNumber: bigint;
  /**
   * Calls a view at the reader's block. Identical calls at one block are answered once (cached);
   * calls made in the same tick go to the ledger in one JSON-RPC batch.
   * @throws {ContractRevertError} when the view reverts (decoded against every committed ABI).
   * @throws {LedgerUnavailableError} when the ledger cannot be reached.
   */
  read<
    const abi extends Abi,
    functionName extends ContractFunctionName<abi, ReadonlyFunction>,
    const args extends ContractFunctionArgs<abi, ReadonlyFunction, functionName>,
  >(
    call: ViewCall<abi, functionName, args>,
  ): Promise<ContractFunctionReturnType<abi, ReadonlyFunction, functionName, args>>;
};

/** Hands out block-pinned readers at the latest known block. */
export type ChainReader = {
  /**
   * A reader at the ledger's current block, asked after this call was made: whatever a client saw
   * mined before sending its request is visible (read-your-writes). Callers of one tick share one
   * `eth_blockNumber`.
   */
  latest(): Promise<BlockReader>;
  /** A reader at a given block. */
  at(blockNumber: bigint): BlockReader;
  /** Cache and batching statistics, for tests and metrics. */
  readonly stats: { calls: number; batches: number; hits: number };
};

export type CreateChainReaderParameters = {
  ledger: LedgerClient;
  /** Cached results kept per block (default 5 000); beyond that the block's cache restarts. */
  maxEntriesPerBlock?: number;
};

/**
 * Creates the read path of the REST layer: `eth_call` pinned to the current block, cached per
 * (block, contract, calldata), batched per tick. A new block starts a fresh cache.
 * - Design: DESIGN.md §7
 */
export function createChainReader(parameters: CreateChainReaderParameters): ChainReader {
  const { ledger, maxEntriesPerBlock = 5_000 } = parameters;
  const stats = { calls: 0, batches: 0, hits: 0 };
  const caches = new Map<bigint, Map<string, Promise<unknown>>>();
  let queue: {
    call: LedgerCall;
    resolve: (data: Hex) => void;
    reject: (error: unknown) => void;
  }[] = [];
  let newest = 0n;
  let scheduled: Promise<bigint> | undefined;

  function flush(): void {
    const batch = queue;
    queue = [];
    stats.batches++;
    ledger.send(batch.map(({ call }) => call)).then(
      (outcomes) => {
        outcomes.forEach((outcome, i) => {
          const entry = batch[i] as (typeof batch)[number];
          if ('result' in outcome) entry.resolve(outcome.result as Hex);
          else entry.reject(new LedgerRequestError('eth_call', outcome.error));
        });
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  }

  /** The cache of a block; keeps the two newest blocks, so requests pinned just before a new block still finish cached. */
  function cacheOf(blockNumber: bigint): Map<string, Promise<unknown>> {
    let cache = caches.get(blockNumber);
    if (!cache) {
      cache = new Map();
      caches.set(blockNumber, cache);
      for (const block of caches.keys()) if (block < blockNumber - 1n) caches.delete(block);
    }
    if (cache.size >= maxEntriesPerBlock) cache.clear();
    return cache;
  }

  function ethCall(blockNumber: bigint, address: Address, data: Hex): Promise<Hex> {
    stats.calls++;
    return new Promise<Hex>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({
        call: { method: 'eth_call', params: [{ to: address, data }, numberToHex(blockNumber)] },
        resolve,
        reject,
      });
    });
  }

  function at(blockNumber: bigint): BlockReader {
    return {
      blockNumber,
      read(call) {
        const { address, abi, functionName, args } = call;
        const data = encodeFunctionData({ abi, functionName, args } as never);
        const cache = cacheOf(blockNumber);
        const key = `${address}:${data}`;
        const cached = cache.get(key);
        if (cached) {
          stats.hits++;
          return cached as never;
        }
        // The decoded value is cached, not the bytes: a hit costs no ABI decoding. Views treat
        // results as read-only, so one value can serve every request of the block.
        const pending = ethCall(blockNumber, address, data).then(
          (result) => {
            if (result === '0x') throw new ContractRevertError(functionName, {});
            return decodeFunctionResult({ abi, functionName, args, data: result } as never);
          },
          (error: unknown) => {
            if (error instanceof LedgerRequestError) throw toContractRevert(functionName, error);
            throw error;
          },
        );
        cache.set(key, pending);
        // An unreachable ledger is not a fact about the chain: forget it so that the next read retries.
        pending.catch((error: unknown) => {
          if (error instanceof LedgerUnavailableError) cache.delete(key);
        });
        return pending as never;
      },
    };
  }

  /**
   * The current block number. Requests of one tick share one `eth_blockNumber`, sent after all of
   * them arrived, so its answer is never older than any of them. Block numbers never go back.
   */
  function currentBlock(): Promise<bigint> {
    scheduled ??= new Promise<bigint>((resolve, reject) => {
      setImmediate(() => {
        scheduled = undefined;
        ledger.request<Hex>('eth_blockNumber').then((hex) => {
          const blockNumber = BigInt(hex);
          if (blockNumber > newest) newest = blockNumber;
          resolve(newest);
        }, reject);
      });
    });
    return scheduled;
  }

  return {
    stats,
    at,
    async latest() {
      return at(await currentBlock());
    },
  };
}
