/**
 * When the embedded ledger writes its next checkpoint. A checkpoint is a whole copy of the
 * state; the journal since the last one is what a restart replays, block by block. So the
 * checkpoint is paid for by change: it is written once the journal has grown by a share of the
 * state's size (disk bytes per write stay bounded as the chain grows, instead of a whole-chain
 * rewrite every minute, and so does the share of time anvil spends dumping the state), or once
 * replaying the blocks since it would take longer than a restart may (anvil's cost per block
 * grows with the state: about 0.4 s at 10,000 DIDs, and 5–7 s at 100,000).
 * - Design: DESIGN.md §11, §12
 */
export type CheckpointProgress = {
  /** Blocks mined since the last checkpoint. */
  blocks: number;
  /** Journal bytes appended since the last checkpoint. */
  journalBytes: number;
  /**
   * Size of the state at the last checkpoint: anvil's dump as JSON, before it is gzipped. What a
   * dump costs anvil grows with it, not with the smaller file.
   */
  stateBytes: number;
  /** What mining the last block took, milliseconds. */
  mineMs: number;
  /**
   * What replaying the blocks since the last checkpoint is expected to take, milliseconds: what
   * each took to mine when it was made (a replayed one: what its replay took), and to archive
   * for those the archive has not written to disk yet (a replay keeps the archive's copies).
   */
  replayMs: number;
  /** How long the last dump of the state took, milliseconds; undefined until one was timed. */
  dumpMs?: number | undefined;
};

/** Journal growth, as a share of the state's size, that calls for the next one. */
export const JOURNAL_SHARE = 0.5;
/** Journal growth that never calls for a checkpoint, however small the last one. */
export const MIN_JOURNAL_BYTES = 4 * 1024 * 1024;
/** Time that replaying the blocks since the last checkpoint may take at a restart. */
export const REPLAY_BUDGET_MS = 10_000;

/** Whether the progress since the last checkpoint calls for the next one. */
export function isCheckpointDue(progress: CheckpointProgress): boolean {
  const { blocks, journalBytes, stateBytes, replayMs } = progress;
  if (blocks === 0) return false;
  if (replayMs >= REPLAY_BUDGET_MS) return true;
  return journalBytes >= Math.max(MIN_JOURNAL_BYTES, stateBytes * JOURNAL_SHARE);
}

/** A stop waits for a checkpoint expected to take less than this, whatever replaying would cost. */
export const STOP_DUMP_FLOOR_MS = 1_000;
/**
 * State bytes (anvil's JSON, before gzip) dumped per millisecond, for a stop before any dump was
 * timed: measured 35–57 MB/s from 10,000 to 100,000 DIDs, file written and fsynced; the slower end.
 */
export const DUMP_BYTES_PER_MS = 35_000;

/**
 * Whether a stop should write a checkpoint first. It should when one is cheap, or when replaying
 * the blocks since the last would take the next start longer than dumping takes this stop.
 * Otherwise the journal (fsynced like every write) is left to replay, as after a kill -9: at
 * 100,000 DIDs a dump holds the stop for 13 s, and replaying the few blocks the replay budget
 * allows costs less.
 */
export function isCheckpointDueAtStop(progress: CheckpointProgress): boolean {
  const { blocks, stateBytes, replayMs, dumpMs } = progress;
  if (blocks === 0) return false;
  const expectedDumpMs = dumpMs ?? stateBytes / DUMP_BYTES_PER_MS;
  return expectedDumpMs < STOP_DUMP_FLOOR_MS || replayMs >= expectedDumpMs;
}
