import type { Hex } from 'viem';
import { toBlockKey, toHexKey } from './archiveKeys.js';
import { isLogMatch, toLogFilter } from './archiveLogs.js';
import {
  openArchiveTables,
  readBlockEntries,
  readBlockNumber,
  readByHash,
  readHeader,
  readLogs,
  readStoredHead,
  removeBlock,
  writeBlock,
} from './archiveTables.js';
import type { LogQuery, RpcBlock, RpcLog, RpcReceipt, RpcTransaction } from './archiveTypes.js';

export type {
  LogQuery,
  RpcBlock,
  RpcLog,
  RpcReceipt,
  RpcTransaction,
} from './archiveTypes.js';

/**
 * Blocks, transactions, receipts and logs of every block since genesis, as anvil returned them,
 * for the history anvil forgets (`--transaction-block-keeper`). Reads are synchronous and
 * served from the memory map: they cost no JS heap beyond the answer.
 */
export type LedgerArchive = {
  /** The highest block archived, -1 when empty. */
  readonly head: number;
  /** The highest block written to disk: what a crash keeps (-1 when none is). */
  readonly durableHead: number;
  /**
   * Appends block `head + 1` (as eth_getBlockByNumber(n, true) returns it) and its receipts (as
   * eth_getBlockReceipts returns them). Synchronous and in memory: reads see it at once; the
   * next {@link LedgerArchive.flush} writes it. The archive keeps (and the caller must not
   * change) both objects until then.
   * @throws {RangeError} when the block is not number `head + 1`.
   * @throws {TypeError} when transactions are hashes only or do not match the receipts.
   */
  append(block: RpcBlock, receipts: RpcReceipt[]): void;
  /**
   * Writes every block appended so far in one lmdb transaction, committed and fsync'd on lmdb's
   * writer thread, and resolves then. Until it resolves, those blocks are held in memory and a
   * crash loses them (never anything flushed before; the store is never left damaged).
   */
  flush(): Promise<void>;
  /**
   * Forgets every block above `number` (the chain was restored to an older state), durably, after
   * any flush in progress. Await it before appending the restored chain's next block.
   */
  truncateAfter(number: number): Promise<void>;
  /**
   * The block as eth_getBlockByNumber/ByHash returns it, with full transactions or only their
   * hashes; undefined when not archived. `id` is a number, a hex quantity or a 32-byte hash.
   */
  block(id: number | Hex, fullTransactions: boolean): RpcBlock | undefined;
  /** The hash of an archived block number, for consistency checks. */
  blockHash(number: number): Hex | undefined;
  transaction(hash: Hex): RpcTransaction | undefined;
  receipt(hash: Hex): RpcReceipt | undefined;
  /** The block's receipts as eth_getBlockReceipts returns them; undefined when not archived. */
  blockReceipts(id: number | Hex): RpcReceipt[] | undefined;
  /**
   * Logs of archived blocks in [fromBlock, min(toBlock, head)] matching the filter with
   * eth_getLogs semantics, in chain order. The range's block filters are read in one key range;
   * only the receipts of blocks whose filter may hold a match (every constrained position) are read.
   */
  logs(query: LogQuery): RpcLog[];
  /** Flushes, then closes the store. */
  close(): Promise<void>;
};

/** A block appended but not yet written. */
type Unflushed = {
  number: number;
  block: RpcBlock;
  transactions: RpcTransaction[];
  receipts: RpcReceipt[];
};

/**
 * Opens (or creates) the archive under `dir`. Blocks up to the last flush are read from lmdb;
 * blocks appended since are held in memory (so an append costs no I/O and never blocks the event
 * loop on a disk write) and are written together, with one fsync, by the next flush.
 * - Design: DESIGN.md §12
 */
export async function openLedgerArchive(dir: string): Promise<LedgerArchive> {
  const tables = openArchiveTables(dir);
  let stored = readStoredHead(tables);
  let unflushed: Unflushed[] = [];
  let head = stored;
  let queue: Promise<void> = Promise.resolve();
  /** Runs `step` after every flush and truncation before it, so that none interleave. */
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.catch(() => {}).then(step);
    return queue;
  };
  const flush = () =>
    enqueue(async () => {
      // A copy: blocks appended while this one writes wait for the next flush.
      const batch = [...unflushed];
      const last = batch.at(-1);
      if (!last) return;
      await tables.root.transaction(() => {
        for (const b of batch) writeBlock(tables, b.number, b.block, b.transactions, b.receipts);
      });
      await tables.root.flushed;
      tables.root.resetReadTxn();
      stored = last.number;
      // Appends only add at the end, and truncations wait in the queue: the batch is the front.
      unflushed = unflushed.slice(batch.length);
    });
  const inMemory = (number: number) => unflushed.find((entry) => entry.number === number);
  const isArchived = (number: number) =>
    Number.isSafeInteger(number) && number >= 0 && number <= head;
  const numberOf = (id: number | Hex): number | undefined => {
    if (typeof id === 'number') return isArchived(id) ? id : undefined;
    if (toHexKey(id, 32)) {
      const hash = id.toLowerCase();
      return (
        unflushed.find((entry) => entry.block.hash === hash)?.number ?? readBlockNumber(tables, id)
      );
    }
    return /^0x[0-9a-fA-F]{1,12}$/.test(id) && isArchived(Number(id)) ? Number(id) : undefined;
  };
  const byHash = <T>(
    hash: Hex,
    pick: (entry: Unflushed, index: number) => T,
    table: 'transactions' | 'receipts',
  ) => {
    const wanted = hash.toLowerCase();
    for (const entry of unflushed) {
      const index = entry.transactions.findIndex((tx) => tx.hash === wanted);
      if (index >= 0) return pick(entry, index);
    }
    return readByHash<T>(tables, tables[table], hash);
  };

  return {
    get head() {
      return head;
    },
    get durableHead() {
      return stored;
    },
    append(block, receipts) {
      const number = Number(block.number);
      if (number !== head + 1) {
        throw new RangeError(`Block ${block.number} does not follow the archive's head ${head}`);
      }
      const transactions = toFullTransactions(block, receipts);
      unflushed.push({ number, block, transactions, receipts });
      head = number;
    },
    flush,
    truncateAfter(number) {
      return enqueue(async () => {
        const keep = Math.max(number, -1);
        unflushed = unflushed.filter((entry) => entry.number <= keep);
        if (keep < stored) {
          await tables.root.transaction(() => {
            for (let n = stored; n > keep; n--) removeBlock(tables, n);
          });
          await tables.root.flushed;
          tables.root.resetReadTxn();
          stored = keep;
        }
        head = unflushed.at(-1)?.number ?? stored;
      });
    },
    block(id, fullTransactions) {
      const number = numberOf(id);
      if (number === undefined || number > head) return undefined;
      const entry = inMemory(number);
      if (entry) {
        if (fullTransactions) return entry.block;
        return { ...entry.block, transactions: entry.transactions.map((tx) => tx.hash) };
      }
      const block = readHeader(tables, number);
      if (!block || !fullTransactions) return block;
      return {
        ...block,
        transactions: readBlockEntries<RpcTransaction>(tables.transactions, number),
      };
    },
    blockHash(number) {
      if (!isArchived(number)) return undefined;
      return inMemory(number)?.block.hash ?? readHeader(tables, number)?.hash;
    },
    transaction(hash) {
      return byHash(hash, (entry, index) => entry.transactions[index], 'transactions');
    },
    receipt(hash) {
      return byHash(hash, (entry, index) => entry.receipts[index], 'receipts');
    },
    blockReceipts(id) {
      const number = numberOf(id);
      if (number === undefined || number > head) return undefined;
      const entry = inMemory(number);
      if (entry) return entry.receipts;
      if (!tables.headers.doesExist(toBlockKey(number))) return undefined;
      return readBlockEntries<RpcReceipt>(tables.receipts, number);
    },
    logs(query) {
      const filter = toLogFilter(query);
      const from = Math.max(query.fromBlock, 0);
      const to = Math.min(query.toBlock, head);
      const logs = readLogs(tables, filter, from, Math.min(to, stored));
      for (const entry of unflushed) {
        if (entry.number < from || entry.number > to) continue;
        for (const receipt of entry.receipts) {
          for (const log of receipt.logs) if (isLogMatch(filter, log)) logs.push(log);
        }
      }
      return logs;
    },
    async close() {
      await flush().catch(() => {});
      await tables.root.close();
    },
  };
}

function toFullTransactions(block: RpcBlock, receipts: RpcReceipt[]): RpcTransaction[] {
  const transactions = block.transactions;
  const full = transactions.every((tx): tx is RpcTransaction => typeof tx === 'object');
  if (
    !full ||
    transactions.length !== receipts.length ||
    transactions.some((tx, index) => tx.hash !== receipts[index]?.transactionHash)
  ) {
    throw new TypeError(
      `Block ${block.number} needs its full transactions and their receipts, in the same order`,
    );
  }
  return transactions;
}
