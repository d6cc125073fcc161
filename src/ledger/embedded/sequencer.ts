import { gunzipSync } from 'node:zlib';
import { callAnvil } from './anvilRpc.js';
import { listSegments, segmentPath, writeCheckpoint } from './checkpoints.js';
import { type FrontAnswer, postToAnvil, unavailable } from './frontAnswers.js';
import { type Journal, type JournalRecord, openJournal } from './journal.js';

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
  submit(body: string, raws: readonly `0x${string}`[]): Promise<FrontAnswer>;
  /** Journals the next block, then has anvil mine it. */
  mine(): Promise<void>;
  /**
   * Writes a checkpoint of the current state and starts a new journal segment; without
   * `force`, only when blocks were mined since the last one.
   */
  checkpoint(force?: boolean): Promise<void>;
  /** Blocks mined since the last checkpoint. */
  readonly blocksSinceCheckpoint: number;
  close(): Promise<void>;
};

export type SequencerState = {
  dir: string;
  anvilUrl: string;
  head: { block: number; timestamp: number };
  /** Raw transactions journaled after the last block (carried into a new segment). */
  pending: `0x${string}`[];
};

type Operation =
  | { kind: 'txs'; body: string; raws: readonly `0x${string}`[]; done(answer: FrontAnswer): void }
  | { kind: 'task'; run(): Promise<void>; done(error?: unknown): void };

export async function createSequencer(state: SequencerState): Promise<Sequencer> {
  const { dir, anvilUrl, head } = state;
  let pending = [...state.pending];
  const segments = listSegments(dir);
  let journal: Journal = await openJournal(segments.at(-1)?.path ?? segmentPath(dir, head.block));
  let checkpointBlock = segments.at(-1)?.block ?? head.block;
  const queue: Operation[] = [];
  let pumping = false;

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    while (queue.length > 0) {
      const first = queue[0] as Operation;
      if (first.kind === 'task') {
        queue.shift();
        await first.run().then(
          () => first.done(),
          (error: unknown) => first.done(error),
        );
        continue;
      }
      // Consecutive submissions share one fsync (group commit), then go to anvil in order.
      const end = queue.findIndex((operation) => operation.kind !== 'txs');
      const group = queue.splice(0, end === -1 ? queue.length : end) as Extract<
        Operation,
        { kind: 'txs' }
      >[];
      const raws = group.flatMap((operation) => operation.raws);
      try {
        await journal.append(raws.map((tx): JournalRecord => ({ tx })));
      } catch {
        for (const operation of group) operation.done(unavailable('cannot write its journal'));
        continue;
      }
      pending.push(...raws);
      for (const operation of group) operation.done(await forward(anvilUrl, operation.body));
    }
    pumping = false;
  }

  function task(run: () => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      queue.push({ kind: 'task', run, done: (error) => (error ? reject(error) : resolve()) });
      void pump();
    });
  }

  return {
    submit(body, raws) {
      return new Promise((done) => {
        queue.push({ kind: 'txs', body, raws, done });
        void pump();
      });
    },
    mine: () =>
      task(async () => {
        const block = head.block + 1;
        const timestamp = Math.max(head.timestamp, Math.floor(Date.now() / 1000));
        await journal.append([{ block, timestamp }]);
        await callAnvil(anvilUrl, 'evm_mine', [{ timestamp }]);
        head.block = block;
        head.timestamp = timestamp;
        pending = [];
      }),
    checkpoint: (force = false) =>
      task(async () => {
        if (head.block === checkpointBlock && !force) return;
        const dump = await callAnvil<string>(anvilUrl, 'anvil_dumpState');
        const next = await openJournal(segmentPath(dir, head.block));
        await next.append(pending.map((tx): JournalRecord => ({ tx })));
        writeCheckpoint(dir, head.block, gunzipSync(Buffer.from(dump.slice(2), 'hex')));
        const previous = journal;
        journal = next;
        checkpointBlock = head.block;
        await previous.close();
      }),
    get blocksSinceCheckpoint() {
      return head.block - checkpointBlock;
    },
    async close() {
      await task(async () => {});
      await journal.close();
    },
  };
}

/**
 * Sends a request to anvil and returns its answer. A batch holding raw transactions goes entry
 * by entry, so that anvil's pool sees them in journal order.
 */
async function forward(anvilUrl: string, body: string): Promise<FrontAnswer> {
  const entries = parseBatch(body);
  if (!entries) return postToAnvil(anvilUrl, body);
  const answers: unknown[] = [];
  for (const entry of entries) {
    const answer = await postToAnvil(anvilUrl, JSON.stringify(entry));
    if (answer.status !== 200) return answer;
    if (answer.body !== '') answers.push(JSON.parse(answer.body));
  }
  return { status: 200, body: JSON.stringify(answers) };
}

function parseBatch(body: string): unknown[] | undefined {
  if (!body.trimStart().startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
