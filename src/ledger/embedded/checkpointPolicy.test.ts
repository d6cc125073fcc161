import { describe, expect, test } from 'vitest';
import {
  DUMP_BYTES_PER_MS,
  isCheckpointDue,
  isCheckpointDueAtStop,
  JOURNAL_SHARE,
  MIN_JOURNAL_BYTES,
  REPLAY_BUDGET_MS,
  STOP_DUMP_FLOOR_MS,
} from './checkpointPolicy.js';

const MiB = 1024 * 1024;
const quiet = { blocks: 10, journalBytes: 0, stateBytes: 0, mineMs: 1, replayMs: 10 };

describe('isCheckpointDue', () => {
  test('default: nothing mined since the last checkpoint, nothing to save', () => {
    expect(isCheckpointDue({ ...quiet, blocks: 0, journalBytes: 100 * MiB })).toBe(false);
  });

  test('behavior: the journal must grow by a share of the state, and by a floor', () => {
    const stateBytes = 200 * MiB;
    const share = stateBytes * JOURNAL_SHARE;
    expect(isCheckpointDue({ ...quiet, stateBytes, journalBytes: share - 1 })).toBe(false);
    expect(isCheckpointDue({ ...quiet, stateBytes, journalBytes: share })).toBe(true);
    expect(
      isCheckpointDue({ ...quiet, stateBytes: MiB, journalBytes: MIN_JOURNAL_BYTES - 1 }),
    ).toBe(false);
    expect(isCheckpointDue({ ...quiet, stateBytes: MiB, journalBytes: MIN_JOURNAL_BYTES })).toBe(
      true,
    );
  });

  test('behavior: blocks whose replay would outlast the budget call for one, whatever the journal', () => {
    expect(isCheckpointDue({ ...quiet, replayMs: REPLAY_BUDGET_MS - 1 })).toBe(false);
    expect(isCheckpointDue({ ...quiet, replayMs: REPLAY_BUDGET_MS })).toBe(true);
    // One large block counts for what it cost, not for one block's mining.
    expect(isCheckpointDue({ ...quiet, blocks: 1, mineMs: 5_000, replayMs: 14_000 })).toBe(true);
  });
});

describe('isCheckpointDueAtStop', () => {
  test('default: nothing mined since the last checkpoint, nothing to save', () => {
    expect(isCheckpointDueAtStop({ ...quiet, blocks: 0, dumpMs: 1 })).toBe(false);
  });

  test('behavior: a dump quicker than the floor is always written, however cheap the replay', () => {
    expect(isCheckpointDueAtStop({ ...quiet, blocks: 1, dumpMs: STOP_DUMP_FLOOR_MS - 1 })).toBe(
      true,
    );
  });

  test('behavior: past the floor, the stop dumps only when replaying would take longer', () => {
    const dumpMs = 13_000;
    expect(isCheckpointDueAtStop({ ...quiet, blocks: 4, replayMs: 12_000, dumpMs })).toBe(false);
    expect(isCheckpointDueAtStop({ ...quiet, blocks: 3, replayMs: 35_000, dumpMs })).toBe(true);
  });

  test('behavior: before any dump was timed, the state size gives its expected time', () => {
    const stateBytes = 10 * STOP_DUMP_FLOOR_MS * DUMP_BYTES_PER_MS;
    const replayMs = 10 * STOP_DUMP_FLOOR_MS;
    expect(isCheckpointDueAtStop({ ...quiet, stateBytes, replayMs: replayMs - 1 })).toBe(false);
    expect(isCheckpointDueAtStop({ ...quiet, stateBytes, replayMs })).toBe(true);
    expect(isCheckpointDueAtStop({ ...quiet, stateBytes: MiB, replayMs: 0, blocks: 1 })).toBe(true);
  });
});
