import { keccak256 } from 'viem';
import { callAnvil, getHead } from './anvilRpc.js';
import { listSegments } from './checkpoints.js';
import { postToAnvil } from './frontAnswers.js';
import { readJournal } from './journal.js';
import type { StallClock } from './stallClock.js';
import type { SupervisorLogger } from './supervisorLogger.js';

export type ReplayResult = {
  head: { block: number; timestamp: number };
  /** Blocks mined again from the journal. */
  replayed: number;
  /** Raw transactions journaled after the last block, handed to the pool again. */
  pending: `0x${string}`[];
  /** What mining the last replayed block took, milliseconds; 0 when none was. */
  mineMs: number;
  /** Where the replay's time went, milliseconds: sending the transactions, mining, archiving. */
  spentMs: { send: number; mine: number; archive: number };
};

/**
 * Rebuilds the chain after the loaded checkpoint from the journal: each block's transactions
 * are sent in their journal order (or the order anvil mined them in, where the journal says
 * it differed), then the block is mined with its journaled timestamp, so
 * block numbers, timestamps, order and results are those the clients saw. Blocks the
 * checkpoint already holds are skipped.
 * - Design: DESIGN.md §11
 */
export async function replayJournal(
  dir: string,
  anvilUrl: string,
  logger: SupervisorLogger,
  hooks: {
    /** Told of each block mined again (the archive takes it while anvil still holds it whole). */
    onBlock?: (block: number) => Promise<void>;
    /** Times each block mined again: the next blocks' calls may wait as long (stallClock.ts). */
    stalls?: StallClock;
  } = {},
): Promise<ReplayResult> {
  const { onBlock = async () => {}, stalls } = hooks;
  const head = await getHead(anvilUrl);
  let pending: `0x${string}`[] = [];
  let replayed = 0;
  let mineMs = 0;
  const spentMs = { send: 0, mine: 0, archive: 0 };
  const timed = async <T>(step: keyof typeof spentMs, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      spentMs[step] += Math.round(performance.now() - started);
    }
  };
  for (const segment of listSegments(dir)) {
    const records = readJournal(segment.path);
    const orders = new Map(
      records.flatMap((record) => ('mined' in record ? [[record.mined, record.order]] : [])),
    );
    for (const record of records) {
      if ('tx' in record) {
        pending.push(record.tx);
        continue;
      }
      if ('mined' in record) continue;
      if (record.block <= head.block) {
        pending = [];
        continue;
      }
      if (record.block !== head.block + 1) {
        logger.error(
          { expected: head.block + 1, journaled: record.block },
          'the ledger journal skips blocks; replaying what it holds',
        );
      }
      const raws = inMinedOrder(pending, orders.get(record.block));
      await timed('send', () => send(anvilUrl, raws));
      pending = [];
      // A loaded state sets anvil's clock to the wall clock, which refuses older timestamps.
      await callAnvil(anvilUrl, 'anvil_setTime', [record.timestamp]);
      const mined = spentMs.mine;
      const mine = () => callAnvil(anvilUrl, 'evm_mine', [{ timestamp: record.timestamp }]);
      await timed('mine', () => (stalls ? stalls.around(mine) : mine()));
      mineMs = spentMs.mine - mined;
      head.block += 1;
      head.timestamp = record.timestamp;
      replayed += 1;
      await timed('archive', () => onBlock(head.block));
    }
  }
  // Journaled but not yet in a block: back into the pool (duplicates are refused there).
  await timed('send', () => send(anvilUrl, pending));
  return { head, replayed, pending, mineMs, spentMs };
}

/**
 * The raw transactions in the order anvil mined them (`order`, their hashes), where the journal
 * recorded one; those not in the block after them, in journal order.
 */
function inMinedOrder(
  raws: readonly `0x${string}`[],
  order: readonly `0x${string}`[] | undefined,
): readonly `0x${string}`[] {
  if (!order) return raws;
  const position = new Map(order.map((hash, index) => [hash, index]));
  const placed = raws.map((raw, index) => ({
    raw,
    rank: position.get(keccak256(raw)) ?? order.length + index,
  }));
  return placed.sort((a, b) => a.rank - b.rank).map(({ raw }) => raw);
}

/** Raw transactions per JSON-RPC batch of a replay: a block of thousands goes in a few round trips. */
const SEND_BATCH = 500;

/**
 * Sends raw transactions to anvil's pool in order, in batches (anvil takes a batch's entries in
 * order: test/ledger/anvilBatchOrder.test.ts). A transaction the pool refused the first time is
 * refused again: an entry's error is nothing to do. A batch anvil did not take as a whole is sent
 * again one transaction at a time, as replays did before batches, so that no answer of anvil's
 * to a batch stops a start.
 */
async function send(anvilUrl: string, raws: readonly `0x${string}`[]): Promise<void> {
  for (let first = 0; first < raws.length; first += SEND_BATCH) {
    const slice = raws.slice(first, first + SEND_BATCH);
    const batch = slice.map((raw, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_sendRawTransaction',
      params: [raw],
    }));
    const answer = await postToAnvil(anvilUrl, JSON.stringify(batch));
    if (answer.status === 200 && answer.body.startsWith('[')) continue;
    for (const raw of slice) {
      await callAnvil(anvilUrl, 'eth_sendRawTransaction', [raw]).catch(() => undefined);
    }
  }
}
