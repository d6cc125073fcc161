import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, open, type RootDatabase } from 'lmdb';
import type { Hex } from 'viem';
import { toBlockFilter } from './archiveBloom.js';
import { fromStored, toStored } from './archiveCodec.js';
import { fromBlockKey, toBlockKey, toHexKey, toTransactionKey } from './archiveKeys.js';
import { isFilterMatch, isLogMatch, type LogFilter, toFilterQuery } from './archiveLogs.js';
import type { RpcBlock, RpcLog, RpcReceipt, RpcTransaction } from './archiveTypes.js';

/** The store's file inside the archive directory. */
export const LEDGER_ARCHIVE_FILE = 'archive.lmdb';
/** Where each structured table keeps its msgpack record shapes: above every 6-byte number key. */
const STRUCTURES_KEY = Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const NO_VALUE = Buffer.alloc(0);

/** The archive's lmdb tables, all keyed by bytes (see archiveKeys.ts). */
export type ArchiveTables = {
  root: RootDatabase;
  /** Block number → the block with transaction hashes. */
  headers: Database<unknown, Buffer>;
  /** Block hash → block number. */
  blockNumbers: Database<Buffer, Buffer>;
  /** (block, index) → transaction; and → receipt. */
  transactions: Database<unknown, Buffer>;
  receipts: Database<unknown, Buffer>;
  /** Transaction hash → (block, index). */
  transactionKeys: Database<Buffer, Buffer>;
  /**
   * Block number → the filter its logs are found by (archiveBloom.ts: the block's own, or the
   * header's bloom in archives of earlier nodes); empty when the block has no logs.
   */
  blooms: Database<Buffer, Buffer>;
};

/** Opens (or creates) the tables under `dir`. */
export function openArchiveTables(dir: string): ArchiveTables {
  mkdirSync(dir, { recursive: true });
  // LZ4 (above 256 bytes) shrinks what hex-to-bytes leaves: mostly-zero blooms and calldata, and
  // the block hash and transaction hash repeated in each log of a receipt.
  const root = open({ path: join(dir, LEDGER_ARCHIVE_FILE), compression: { threshold: 256 } });
  const records = (name: string) =>
    root.openDB<unknown, Buffer>(name, {
      keyEncoding: 'binary',
      sharedStructuresKey: STRUCTURES_KEY,
    });
  const bytes = (name: string) =>
    root.openDB<Buffer, Buffer>(name, {
      keyEncoding: 'binary',
      encoding: 'binary',
      compression: false,
    });
  return {
    root,
    headers: records('headers'),
    blockNumbers: bytes('blockNumbers'),
    transactions: records('transactions'),
    receipts: records('receipts'),
    transactionKeys: bytes('transactionKeys'),
    blooms: bytes('blooms'),
  };
}

/** The highest block number stored, -1 when none. */
export function readStoredHead(tables: ArchiveTables): number {
  const keys = tables.headers.getKeys({ reverse: true, start: STRUCTURES_KEY, limit: 2 });
  let head = -1;
  for (const key of keys) if (!key.equals(STRUCTURES_KEY)) head = Math.max(head, fromBlockKey(key));
  return head;
}

/** The stored block `number` with transaction hashes. */
export function readHeader(tables: ArchiveTables, number: number): RpcBlock | undefined {
  const stored = tables.headers.get(toBlockKey(number));
  return stored === undefined ? undefined : (fromStored(stored) as RpcBlock);
}

/** The number of a stored block hash. */
export function readBlockNumber(tables: ArchiveTables, hash: Hex): number | undefined {
  const key = toHexKey(hash, 32);
  const number = key && tables.blockNumbers.get(key);
  return number ? fromBlockKey(number) : undefined;
}

/** The transactions (or receipts) of stored block `number`, in order. */
export function readBlockEntries<T>(table: Database<unknown, Buffer>, number: number): T[] {
  const range = { start: toTransactionKey(number, 0), end: toTransactionKey(number + 1, 0) };
  return Array.from(table.getRange(range), ({ value }) => fromStored(value) as T);
}

/** The stored transaction (or receipt) of a transaction hash, with its block number. */
export function readByHash<T>(
  tables: ArchiveTables,
  table: Database<unknown, Buffer>,
  hash: Hex,
): T | undefined {
  const hashKey = toHexKey(hash, 32);
  const key = hashKey && tables.transactionKeys.get(hashKey);
  return key && (fromStored(table.get(key)) as T);
}

/** Writes block `number` with its transactions and receipts; inside a write transaction. */
export function writeBlock(
  tables: ArchiveTables,
  number: number,
  block: RpcBlock,
  transactions: RpcTransaction[],
  receipts: RpcReceipt[],
): void {
  const hashes = transactions.map((tx) => tx.hash);
  tables.headers.putSync(toBlockKey(number), toStored({ ...block, transactions: hashes }));
  tables.blockNumbers.putSync(toHexKey(block.hash, 32) ?? NO_VALUE, toBlockKey(number));
  tables.blooms.putSync(
    toBlockKey(number),
    toBlockFilter(receipts.flatMap((receipt) => receipt.logs)),
  );
  for (const [tx, transaction] of transactions.entries()) {
    const key = toTransactionKey(number, tx);
    tables.transactions.putSync(key, toStored(transaction));
    tables.receipts.putSync(key, toStored(receipts[tx]));
    tables.transactionKeys.putSync(toHexKey(transaction.hash, 32) ?? NO_VALUE, key);
  }
}

/** Removes stored block `number` and everything keyed by it; inside a write transaction. */
export function removeBlock(tables: ArchiveTables, number: number): void {
  const stored = tables.headers.get(toBlockKey(number));
  if (stored === undefined) return;
  const block = fromStored(stored) as RpcBlock;
  for (const [tx, hash] of (block.transactions as Hex[]).entries()) {
    const key = toTransactionKey(number, tx);
    tables.transactionKeys.removeSync(toHexKey(hash, 32) ?? NO_VALUE);
    tables.receipts.removeSync(key);
    tables.transactions.removeSync(key);
  }
  tables.blooms.removeSync(toBlockKey(number));
  tables.blockNumbers.removeSync(toHexKey(block.hash, 32) ?? NO_VALUE);
  tables.headers.removeSync(toBlockKey(number));
}

/**
 * The stored logs of blocks `from`..`to` passing `filter`, in chain order. The filters of the
 * range are one sequential key range (archiveBloom.ts: 65 bytes a block and up, 16 bits a value);
 * only the receipts of blocks whose filter may hold a matching log are read, then filtered
 * exactly. An index by address and topic would cost a random page write per log and value at
 * every flush: 18 to 137 KB written per transaction.
 */
export function readLogs(
  tables: ArchiveTables,
  filter: LogFilter,
  from: number,
  to: number,
): RpcLog[] {
  const query = toFilterQuery(filter);
  if (from > to || !query) return [];
  const numbers: number[] = [];
  for (const { key, value } of tables.blooms.getRange({
    start: toBlockKey(from),
    end: toBlockKey(to + 1),
  })) {
    if (value.length > 0 && isFilterMatch(value, query)) numbers.push(fromBlockKey(key));
  }
  return numbers.flatMap((number) =>
    readBlockEntries<RpcReceipt>(tables.receipts, number).flatMap((receipt) =>
      receipt.logs.filter((log) => isLogMatch(filter, log)),
    ),
  );
}
