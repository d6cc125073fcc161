import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  decodeFunctionResult,
  type Hex,
  numberToHex,
} from 'viem';
import { ContractRevertError } from '../errors/contract.js';
import {
  BlockStateGoneError,
  LedgerRequestError,
  LedgerUnavailableError,
} from '../errors/ledger.js';
import type { Head, HeadTracker } from './createHeadTracker.js';
import { type LedgerClient, toRequestError } from './createLedgerClient.js';
import { encodeViewCall } from './encodeViewCall.js';
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

/**
 * Reads at one block: every call of a request sees the same chain state, unless the ledger drops
 * that block's state while the request reads (a new block came and the ledger keeps the head's
 * state only): the reader then moves to the new head for the calls still to come.
 */
export type BlockReader = {
  readonly blockNumber: bigint;
  /** The block's hash when the reader was pinned to the head (reads name the block by it). */
  readonly blockHash: Hex | undefined;
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
  /** The code at `address` at the reader's block (`0x` for none). */
  getCode(address: Address): Promise<Hex>;
};

/** Hands out block-pinned readers at the latest known block. */
export type ChainReader = {
  /**
   * A reader at the ledger's current block, asked after this call was made: whatever a client saw
   * mined before sending its request is visible (read-your-writes). Callers of one tick share one
   * look-up of the head. Reads name the block by its hash, so a head that went back (a ledger
   * restarted from an older state) or changed (a reorg) is never answered from an old cache.
   */
  latest(): Promise<BlockReader>;
  /** A reader at a given block. */
  at(blockNumber: bigint): BlockReader;
  /** Cache and batching statistics, for tests and metrics. */
  readonly stats: { calls: number; batches: number; hits: number };
};

export type CreateChainReaderParameters = {
  ledger: LedgerClient;
  /** Where the head comes from, and who announces new heads. */
  heads: Pick<HeadTracker, 'latest' | 'onAnnounced'>;
  /** Cached results kept per block (default 5 000); beyond that the block's cache restarts. */
  maxEntriesPerBlock?: number;
  /**
   * Reads that follow the head (default {@link HOT_READS}): the `keys` calls most recently read by
   * requests, each within the last `windowMs`, are read again as soon as a new head is announced,
   * so that the first request after a block finds them answered. `keys: 0` turns it off.
   */
  hotReads?: { keys: number; windowMs: number };
};

/**
 * Up to 32 calls read again at each announced head, for 10 s after a request last read each: a
 * relying party's checks of one issuer or DID, repeated across blocks, cost the ledger one call per
 * block each, made before the request rather than during it. At most 32 calls a block, in one batch.
 */
export const HOT_READS = { keys: 32, windowMs: 10_000 };

/** A call requests read recently, to read again at each new head. */
type HotRead = {
  address: Address;
  data: Hex;
  functionName: string;
  /** The call's result as its ABI decodes it. */
  decode(result: Hex): unknown;
  readAt: number;
};

/** The block a reader reads at, as JSON-RPC names it, and the key of its cache. */
type Pin = {
  number: bigint;
  hash: Hex | undefined;
  block: Hex | { blockHash: Hex };
  cacheKey: string;
};

/**
 * Calls per JSON-RPC batch: a burst of reads goes as several short batches, each done well within
 * a block (the embedded ledger keeps the head's state only), rather than one long one.
 */
const MAX_BATCH = 100;

/** Times a read moves to a newer head before its request fails (blocks may come faster than a busy machine reads). */
const REPINS = 10;

/** Block caches kept: the newest few, so requests pinned just before a new block finish cached. */
const CACHED_BLOCKS = 3;

/**
 * Creates the read path of the REST layer: `eth_call` pinned to the current block (by hash),
 * cached per (block, contract, calldata), batched per tick. A new block starts a fresh cache; a
 * head that moved back or changed hash drops every cache.
 * - Design: DESIGN.md §7, §11
 */
export function createChainReader(parameters: CreateChainReaderParameters): ChainReader {
  const { ledger, heads, maxEntriesPerBlock = 5_000, hotReads = HOT_READS } = parameters;
  const stats = { calls: 0, batches: 0, hits: 0 };
  /** Least recently read first. */
  const hot = new Map<string, HotRead>();
  /** The calls of `hot` read again at the newest announced head, decoded, by cache key. */
  let ahead: { hash: Hex; calls: Map<string, Promise<unknown>> } | undefined;
  const caches = new Map<string, Map<string, Promise<unknown>>>();
  let queue: {
    call: LedgerCall;
    resolve: (data: Hex) => void;
    reject: (error: unknown) => void;
  }[] = [];
  let head: Head | undefined;

  function flush(): void {
    const queued = queue;
    queue = [];
    for (let first = 0; first < queued.length; first += MAX_BATCH) {
      send(queued.slice(first, first + MAX_BATCH));
    }
  }

  function send(batch: typeof queue): void {
    stats.batches++;
    ledger.send(batch.map(({ call }) => call)).then(
      (outcomes) => {
        outcomes.forEach((outcome, i) => {
          const entry = batch[i] as (typeof batch)[number];
          if ('result' in outcome) entry.resolve(outcome.result as Hex);
          else entry.reject(toRequestError('eth_call', outcome.error));
        });
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  }

  /** The cache of a block (by hash, or by number for readers pinned to a number). */
  function cacheOf(block: string): Map<string, Promise<unknown>> {
    let cache = caches.get(block);
    if (!cache) {
      cache = new Map();
      caches.set(block, cache);
      for (const key of caches.keys()) if (caches.size > CACHED_BLOCKS) caches.delete(key);
    }
    if (cache.size >= maxEntriesPerBlock) cache.clear();
    return cache;
  }

  function ethCall(block: Pin['block'], address: Address, data: Hex): Promise<Hex> {
    return new Promise<Hex>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({
        call: { method: 'eth_call', params: [{ to: address, data }, block] },
        resolve,
        reject,
      });
    });
  }

  function at(blockNumber: bigint, blockHash?: Hex): BlockReader {
    // EIP-1898: a block named by hash cannot be confused with another block of that number. A
    // number's block can change (a ledger restarted from an older state): its cache is tied to
    // the head it was asked under.
    const pinTo = (number: bigint, hash: Hex | undefined): Pin => ({
      number,
      hash,
      block: hash ? { blockHash: hash } : numberToHex(number),
      cacheKey: hash ?? `${number}@${head?.hash}`,
    });
    let pin = pinTo(blockNumber, blockHash);

    return {
      get blockNumber() {
        return pin.number;
      },
      get blockHash() {
        return pin.hash;
      },
      getCode: (address) => pinned((block) => ledger.request<Hex>('eth_getCode', [address, block])),
      read(request) {
        const { address, abi, functionName, args } = request;
        const data = encodeViewCall(abi, functionName, args as readonly unknown[] | undefined);
        const key = `${address}:${data}`;
        const cache = cacheOf(pin.cacheKey);
        const cached = cache.get(key);
        if (cached) {
          stats.hits++;
          return cached as never;
        }
        // The decoded value is cached, not the bytes: a hit costs no ABI decoding. Views treat
        // results as read-only, so one value can serve every request of the block.
        const hotRead: HotRead = {
          address,
          data,
          functionName,
          decode: (result) =>
            decodeFunctionResult({ abi, functionName, args, data: result } as never),
          readAt: performance.now(),
        };
        // One call per read, however often it moved to a newer head.
        const call = () => {
          stats.calls++;
          return settle(
            pinned((block) => ethCall(block, address, data)),
            hotRead,
          );
        };
        const readAhead = pin.hash && ahead?.hash === pin.hash ? ahead.calls.get(key) : undefined;
        if (pin.hash) remember(key, hotRead);
        if (readAhead) stats.hits++;
        // A call read ahead whose block was replaced while it ran is read again, re-pinned. Any
        // other failure is the request's own: it waited for the call as for one of its own, and a
        // hung ledger must not cost it a second deadline. (Calls read ahead that already failed
        // are no longer offered: see readAheadAt.)
        const pending = readAhead
          ? readAhead.catch((error: unknown) => {
              if (error instanceof BlockStateGoneError) return call();
              throw error;
            })
          : call();
        cache.set(key, pending);
        // An unreachable ledger is not a fact about the chain: forget it so that the next read retries.
        pending.catch((error: unknown) => {
          if (error instanceof LedgerUnavailableError) cache.delete(key);
        });
        return pending as never;
      },
    };

    /**
     * A reader pinned to a head whose state the ledger no longer keeps (a newer block replaced
     * it: the embedded ledger keeps the head's state only) moves to the new head: the request
     * goes on at the newest block rather than failing.
     */
    async function pinned<T>(send: (block: Pin['block']) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const before = pin;
        try {
          return await send(before.block);
        } catch (error) {
          if (!(error instanceof BlockStateGoneError) || before.hash === undefined) throw error;
          if (attempt === REPINS) throw error;
          // The head tracker may not have heard of the new block yet: the ledger is asked.
          if (pin === before) pin = pinTo(...(await latestBlock()));
        }
      }
    }
  }

  /** A call's result, decoded; a revert (or an empty result) as the view's revert. */
  function settle(result: Promise<Hex>, { functionName, decode }: HotRead): Promise<unknown> {
    return result.then(
      (data) => {
        if (data === '0x') throw new ContractRevertError(functionName, {});
        return decode(data);
      },
      (error: unknown) => {
        if (error instanceof LedgerRequestError) throw toContractRevert(functionName, error);
        throw error;
      },
    );
  }

  function remember(key: string, read: HotRead): void {
    if (hotReads.keys === 0) return;
    hot.delete(key);
    hot.set(key, read);
    if (hot.size > hotReads.keys) hot.delete(hot.keys().next().value as string);
  }

  /** Reads the recent calls again at an announced head, before any request asks. */
  function readAheadAt(next: Head): void {
    if (head !== undefined && next.number <= head.number) return;
    // Requests read the calls cached at the block before until now, though only the first
    // read of each was timed: however long the block lasted, they are as recent as it.
    const now = performance.now();
    const before = head && caches.get(head.hash);
    observe(next);
    const calls = new Map<string, Promise<unknown>>();
    for (const [key, read] of hot) {
      if (before?.has(key)) read.readAt = now;
      if (read.readAt < now - hotReads.windowMs) {
        hot.delete(key);
        continue;
      }
      const call = settle(ethCall({ blockHash: next.hash }, read.address, read.data), read);
      // A revert is the block's answer; after any other failure, requests call for themselves.
      call.catch((error: unknown) => {
        if (!(error instanceof ContractRevertError)) calls.delete(key);
      });
      calls.set(key, call);
    }
    ahead = { hash: next.hash, calls };
  }
  if (hotReads.keys > 0) heads.onAnnounced(readAheadAt);

  async function latestBlock(): Promise<[bigint, Hex]> {
    const { number, hash } = await ledger.request<{ number: Hex; hash: Hex }>(
      'eth_getBlockByNumber',
      ['latest', false],
    );
    observe({ number: BigInt(number), hash });
    return [BigInt(number), hash];
  }

  /** Drops every cache when the chain is not the one they were filled from. */
  function observe(next: Head): Head {
    const moved =
      head !== undefined &&
      (next.number < head.number || (next.number === head.number && next.hash !== head.hash));
    if (moved) caches.clear();
    head = next;
    return next;
  }

  return {
    stats,
    at: (blockNumber) => at(blockNumber),
    async latest() {
      const { number, hash } = observe(await heads.latest());
      return at(number, hash);
    },
  };
}
