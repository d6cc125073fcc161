import { readFileSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/**
 * One line of the ledger journal: a raw transaction handed to the ledger, or a block the node
 * had the ledger mine (its number and timestamp), in the order the ledger saw them; after a
 * block whose transactions anvil ordered otherwise, that order.
 */
export type JournalRecord =
  | { tx: `0x${string}` }
  | { block: number; timestamp: number }
  /** Block `mined` holds these transactions in this order, which is not the journal's. */
  | { mined: number; order: `0x${string}`[] };

/** An append-only journal file whose appends are durable when they resolve. */
export type Journal = {
  readonly path: string;
  /** Bytes appended since the file was opened. */
  readonly appended: number;
  /**
   * Appends records and resolves once they are on disk. Concurrent appends share one fsync
   * (group commit).
   */
  append(records: readonly JournalRecord[]): Promise<void>;
  close(): Promise<void>;
};

/** Opens (or creates) a journal file for appending. */
export async function openJournal(path: string): Promise<Journal> {
  const file: FileHandle = await open(path, 'a', 0o600);
  let buffered: string[] = [];
  let waiters: { resolve(): void; reject(error: unknown): void }[] = [];
  let flushing: Promise<void> | undefined;
  let appended = 0;

  async function flush(): Promise<void> {
    while (buffered.length > 0) {
      const lines = buffered.join('');
      const done = waiters;
      buffered = [];
      waiters = [];
      try {
        await file.write(lines);
        await file.datasync();
        for (const waiter of done) waiter.resolve();
      } catch (error) {
        for (const waiter of done) waiter.reject(error);
      }
    }
    flushing = undefined;
  }

  return {
    path,
    get appended() {
      return appended;
    },
    append(records) {
      if (records.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const lines = records.map((record) => `${JSON.stringify(record)}\n`).join('');
        appended += lines.length;
        buffered.push(lines);
        waiters.push({ resolve, reject });
        flushing ??= flush();
      });
    },
    async close() {
      await flushing;
      await file.close();
    },
  };
}

/**
 * The records of a journal file. A torn last line (a crash during an append, which was then
 * never acknowledged) ends the journal.
 */
export function readJournal(path: string): JournalRecord[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  const records: JournalRecord[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const record = parseRecord(line);
    if (!record) break;
    records.push(record);
  }
  return records;
}

function parseRecord(line: string): JournalRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.tx === 'string' && /^0x[0-9a-fA-F]*$/.test(record.tx))
    return { tx: record.tx as `0x${string}` };
  if (Number.isSafeInteger(record.block) && Number.isSafeInteger(record.timestamp))
    return { block: record.block as number, timestamp: record.timestamp as number };
  if (
    Number.isSafeInteger(record.mined) &&
    Array.isArray(record.order) &&
    record.order.every((hash) => typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash))
  )
    return { mined: record.mined as number, order: record.order as `0x${string}`[] };
  return undefined;
}
