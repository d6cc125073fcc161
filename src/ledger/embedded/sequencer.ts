import { statSync } from 'node:fs';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { callAnvil } from './anvilRpc.js';
import { dumpState } from './anvilState.js';
import type { LedgerArchive } from './archive.js';
import { archiveBlocks } from './archiveBlocks.js';
import type { CheckpointProgress } from './checkpointPolicy.js';
import { listSegments, segmentPath, writeCheckpoint } from './checkpoints.js';
import { type FrontAnswer, postToAnvil, unavailable } from './frontAnswers.js';
import { combineBodies } from './frontBatch.js';
import type { RpcBody } from './frontRequest.js';
import { type Journal, type JournalRecord, openJournal } from './journal.js';
import type { StallClock } from './stallClock.js';

/**
 * Orders everything that changes the embedded ledger — raw transactions and blocks — through
 * one queue, journals each before anvil sees it, and forwards it in journal order. Replaying
 * the journal onto the last checkpoint therefore rebuilds the same chain, block for block, and
 * a receipt (which exists only once its block was mined) implies that the transaction and its
 * block were on disk first.
 * - Design: DESIGN.md §11
 */
export type Sequencer = {
  /** Journals the request's raw transactions, then forwards the request to anvil. */
  submit(
    body: string,
    request: { raws: readonly `0x${string}`[]; parsed: RpcBody },
  ): Promise<FrontAnswer>;
  /** Journals the next block, has anvil mine it, then archives it. */
  mine(): Promise<void>;
  /**
   * Starts a new journal segment and writes a checkpoint of the current state; without `force`,
   * only when blocks were mined since the last one. Transactions are journaled and reach the
   * pool meanwhile; only blocks wait for the state to be saved. Resolves with the checkpoint this
   * call wrote: none when none was due or one was being saved already.
   */
  checkpoint(force?: boolean): Promise<SavedCheckpoint | undefined>;
  /** The newest block mined. */
  readonly head: number;
  /**
   * What mining a block takes lately, milliseconds: the least of the last three, so that a block
   * a busy machine slowed once does not count (0 before any).
   */
  readonly steadyMineMs: number;
  /** What happened since the last checkpoint (checkpointPolicy.ts decides on the next). */
  readonly progress: CheckpointProgress;
  /** Whether the pool holds a full block: transactions wait for the next block, which is due now. */
  readonly isFull: boolean;
  close(): Promise<void>;
};

/**
 * Transactions a block holds at most: what comes beyond waits, journaled and sent in order, for
 * the next block. anvil 1.7's receipts of a block cost the square of its transactions (each
 * receipt copies those before it): 0.33 s for 859 transactions, 10.4 s for 5,541, measured at
 * 35,000 DIDs; under load the larger passed 30 s and was not archived. A full block is mined
 * without the pacing wait (blockProducer.ts), so the cap costs no throughput.
 */
export const MAX_BLOCK_TRANSACTIONS = 1_000;

export type SequencerState = {
  dir: string;
  anvilUrl: string;
  head: { block: number; timestamp: number };
  /** Raw transactions journaled after the last block (carried into a new segment). */
  pending: `0x${string}`[];
  /** The block of the checkpoint the ledger started from, and the size of its state (0 for none). */
  checkpoint: { block: number; stateBytes: number };
  /** What mining a block took when the ledger last did, milliseconds (0: not yet known). */
  mineMs: number;
  /** What replaying the blocks since the checkpoint took (the start's replay), milliseconds. */
  replayMs: number;
  /** Where each block goes once mined, while anvil still holds it whole. */
  archive: LedgerArchive;
  /** Times the blocks and state dumps, during which anvil answers nothing else. */
  stalls: StallClock;
  /** Transactions a block takes at most (default {@link MAX_BLOCK_TRANSACTIONS}). */
  maxBlockTransactions?: number;
  /**
   * Told each time transactions reach anvil's pool (a block is wanted), and whether they fill a
   * block (it is due now).
   */
  onPooled?: (full: boolean) => void;
};

/** A checkpoint written: its block, its file's size and the size of the state it holds. */
export type SavedCheckpoint = {
  block: number;
  bytes: number;
  stateBytes: number;
  /** How long anvil took to dump its state, ms: the part of a checkpoint that holds its calls. */
  dumpMs: number;
};

type Operation =
  | {
      kind: 'txs';
      body: string;
      raws: readonly `0x${string}`[];
      parsed: RpcBody;
      done(answer: FrontAnswer): void;
    }
  | { kind: 'task'; run(): Promise<void>; done(error?: unknown): void };

export async function createSequencer(state: SequencerState): Promise<Sequencer> {
  const { dir, anvilUrl, head, archive, stalls, onPooled = () => {} } = state;
  const maxBlockTransactions = state.maxBlockTransactions ?? MAX_BLOCK_TRANSACTIONS;
  let pending = [...state.pending];
  /** Hashes of the transactions anvil took since the last block, in the order it took them. */
  let pendingHashes: `0x${string}`[] = [];
  /**
   * Blocks mined whose order is not journaled yet, with the order their transactions were sent
   * in: anvil could not be asked (it was too slow), the next block or checkpoint asks again.
   */
  const unrecorded: { block: number; sent: readonly `0x${string}`[] }[] = [];
  const segments = listSegments(dir);
  let journal: Journal = await openJournal(segments.at(-1)?.path ?? segmentPath(dir, head.block));
  let checkpointBlock = state.checkpoint.block;
  let stateBytes = state.checkpoint.stateBytes;
  // Journal bytes since the last checkpoint, but for those the current segment appends from now.
  let journalBytes = segments
    .filter((segment) => segment.block >= checkpointBlock)
    .reduce((sum, segment) => sum + statSync(segment.path).size, 0);
  let mineMs = state.mineMs;
  /** The last few blocks' mining times, newest last. */
  const recentMineMs: number[] = state.mineMs > 0 ? [state.mineMs] : [];
  /**
   * What replaying the blocks since the checkpoint costs: the start's own replay, what each block
   * since took to mine, and what archiving took for the blocks the archive has not written to
   * disk yet (a replay keeps the archive's copies of the others: archiveReplayed).
   */
  let replayMs = state.replayMs;
  let archiving: { block: number; ms: number }[] = [];
  const archivingMs = () =>
    archiving.reduce((sum, { block, ms }) => (block > archive.durableHead ? sum + ms : sum), 0);
  let dumpMs: number | undefined;
  /** Set while a checkpoint saves the state: no block is mined meanwhile. */
  let saving: Promise<SavedCheckpoint> | undefined;
  const queue: Operation[] = [];
  let pumping = false;

  const isFull = () => pendingHashes.length >= maxBlockTransactions;

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    while (queue.length > 0) {
      // With a full block in the pool, the block (or a checkpoint) asked for goes before the
      // transactions waiting: they were not sent yet, and go into the next block. Until one is
      // asked for, they wait; asking pumps again.
      const next = isFull() ? queue.findIndex((operation) => operation.kind === 'task') : 0;
      if (next === -1) break;
      const first = queue[next] as Operation;
      if (first.kind === 'task') {
        queue.splice(next, 1);
        await first.run().then(
          () => first.done(),
          (error: unknown) => first.done(error),
        );
        continue;
      }
      // Consecutive submissions share one fsync (group commit), then go to anvil in one batch,
      // as many as the block has room for (one at least, however large).
      const room = maxBlockTransactions - pendingHashes.length;
      let end = 0;
      for (let taken = 0; end < queue.length; end++) {
        const operation = queue[end] as Operation;
        if (operation.kind !== 'txs' || (end > 0 && taken + operation.raws.length > room)) break;
        taken += operation.raws.length;
      }
      const group = queue.splice(0, end) as Extract<Operation, { kind: 'txs' }>[];
      const raws = group.flatMap((operation) => operation.raws);
      try {
        await journal.append(raws.map((tx): JournalRecord => ({ tx })));
      } catch {
        for (const operation of group) operation.done(unavailable('cannot write its journal'));
        continue;
      }
      pending.push(...raws);
      const { answers, hashes } = await forward(anvilUrl, group);
      pendingHashes.push(...hashes);
      for (const [index, operation] of group.entries()) {
        operation.done(answers[index] as FrontAnswer);
      }
      onPooled(isFull());
    }
    pumping = false;
  }

  function task<T>(run: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      let result: T;
      queue.push({
        kind: 'task',
        run: async () => {
          result = await run();
        },
        done: (error) => (error ? reject(error) : resolve(result)),
      });
      void pump();
    });
  }

  /**
   * Mines the next block, unless a checkpoint started saving since it was asked for. Writes wait
   * behind it from its journal record to its archiving: that whole time is a stall.
   */
  async function mineNext(): Promise<boolean> {
    if (saving) return false;
    await stalls.around(async () => {
      const block = head.block + 1;
      const timestamp = Math.max(head.timestamp, Math.floor(Date.now() / 1000));
      await journal.append([{ block, timestamp }]);
      const started = performance.now();
      await callAnvil(anvilUrl, 'evm_mine', [{ timestamp }]);
      mineMs = performance.now() - started;
      recentMineMs.push(mineMs);
      if (recentMineMs.length > 3) recentMineMs.shift();
      replayMs += mineMs;
      head.block = block;
      head.timestamp = timestamp;
      unrecorded.push({ block, sent: pendingHashes });
      pending = [];
      pendingHashes = [];
      // Until the archive writes the block, a replay archives it again: at scale a large block's
      // receipts cost seconds.
      const recording = performance.now();
      try {
        await recordMined();
      } finally {
        archiving = archiving.filter(({ block: older }) => older > archive.durableHead);
        archiving.push({ block, ms: performance.now() - recording });
      }
    });
    return true;
  }

  /**
   * Journals the order of each block anvil mined in an order other than the one its transactions
   * were sent in (a replay must mine the same block), as soon as anvil says it, then archives the
   * blocks mined: receipts, the slow part at scale, come last.
   * @throws {BlockNotArchivedError} when anvil could not be asked; the next call asks again.
   */
  async function recordMined(): Promise<void> {
    try {
      const orders: JournalRecord[] = [];
      for (const { block, sent } of unrecorded) {
        const mined = await callAnvil<{ transactions: `0x${string}`[] }>(
          anvilUrl,
          'eth_getBlockByNumber',
          [`0x${block.toString(16)}`, false],
        );
        const order = minedOrder(mined.transactions, sent);
        if (order) orders.push({ mined: block, order });
      }
      if (orders.length > 0) await journal.append(orders);
      unrecorded.length = 0;
      await archiveBlocks(anvilUrl, archive, head.block);
    } catch (cause) {
      throw new BlockNotArchivedError(head.block, { cause });
    }
  }

  return {
    submit(body, { raws, parsed }) {
      return new Promise((done) => {
        queue.push({ kind: 'txs', body, raws, parsed, done });
        void pump();
      });
    },
    async mine() {
      // A block waits for a checkpoint being saved, outside the queue: transactions go on.
      for (;;) {
        await saving?.catch(() => undefined);
        if (await task(mineNext)) return;
      }
    },
    async checkpoint(force = false) {
      let started: Promise<SavedCheckpoint> | undefined;
      // In the queue: the new segment starts at the head, with the transactions after it.
      await task(async () => {
        if ((head.block === checkpointBlock && !force) || saving) return;
        // The segment that goes with this checkpoint must hold every mined order it replays by.
        await recordMined();
        const block = head.block;
        const next = await openJournal(segmentPath(dir, block));
        await next.append(pending.map((tx): JournalRecord => ({ tx })));
        const previous = journal;
        journal = next;
        journalBytes += previous.appended;
        const save = (async (): Promise<SavedCheckpoint> => {
          try {
            // The journal before this checkpoint goes: what it had mined must be on disk first.
            await archive.flush();
            const dumpStarted = performance.now();
            // Kept as anvil gzipped it (a fifth of the JSON's bytes), streamed to the file.
            const saved = await stalls.around(() =>
              writeCheckpoint(dir, block, dumpState(anvilUrl)),
            );
            dumpMs = Math.round(performance.now() - dumpStarted);
            checkpointBlock = block;
            stateBytes = saved.stateBytes;
            journalBytes = 0;
            replayMs = 0;
            archiving = [];
            return { block, bytes: saved.bytes, stateBytes, dumpMs };
          } finally {
            await previous.close();
          }
        })();
        saving = save;
        // Cleared once done, failed or not: the next block and checkpoint wait no longer.
        const clear = () => {
          if (saving === save) saving = undefined;
        };
        save.then(clear, clear);
        started = save;
      });
      return started;
    },
    get head() {
      return head.block;
    },
    get isFull() {
      return isFull();
    },
    get steadyMineMs() {
      return recentMineMs.length === 0 ? 0 : Math.min(...recentMineMs);
    },
    get progress() {
      return {
        blocks: head.block - checkpointBlock,
        journalBytes: journalBytes + journal.appended,
        stateBytes,
        mineMs,
        replayMs: replayMs + archivingMs(),
        dumpMs,
      };
    },
    async close() {
      await task(async () => {});
      await saving?.catch(() => undefined);
      await journal.close();
    },
  };
}

/** Block `block` was mined, but its order or archiving could not be recorded: the next block will. */
export class BlockNotArchivedError extends EmbeddedLedgerError {
  constructor(block: number, options?: ErrorOptions) {
    super(`Block ${block} was mined but not archived yet: the next block archives it`, options);
  }
}

/**
 * Sends the bodies of a group of submissions to anvil in one batch, in journal order, and
 * returns one answer per body with the hashes of the transactions anvil took.
 */
async function forward(
  anvilUrl: string,
  group: readonly { body: string; parsed: RpcBody }[],
): Promise<{ answers: FrontAnswer[]; hashes: `0x${string}`[] }> {
  const combined = combineBodies(group.map(({ parsed }) => parsed));
  if (combined) return combined.split(await postToAnvil(anvilUrl, combined.body));
  // A body that is no JSON-RPC request: anvil says what is wrong with it, for each alone.
  const answers: FrontAnswer[] = [];
  for (const { body } of group) answers.push(await postToAnvil(anvilUrl, body));
  return { answers, hashes: [] };
}

/**
 * The order of a block's transactions (`mined`) when it is not the order anvil took them in
 * (`sent`), so that a replay mines the block anvil mined; `undefined` when it is.
 */
export function minedOrder(
  mined: readonly `0x${string}`[],
  sent: readonly `0x${string}`[],
): `0x${string}`[] | undefined {
  const included = new Set(mined);
  const expected = sent.filter((hash) => included.has(hash));
  const same =
    expected.length === mined.length && expected.every((hash, index) => hash === mined[index]);
  return same ? undefined : [...mined];
}
