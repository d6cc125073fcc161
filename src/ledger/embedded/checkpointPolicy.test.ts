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
const quiet = { blocks: 10, journalBytes: 0, stateBytes: 0, mineMs: 1 };

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
    const mineMs = 400;
    const blocks = Math.ceil(REPLAY_BUDGET_MS / mineMs);
    expect(isCheckpointDue({ ...quiet, mineMs, blocks: blocks - 1 })).toBe(false);
    expect(isCheckpointDue({ ...quiet, mineMs, blocks })).toBe(true);
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
    const mineMs = 3_000;
    expect(isCheckpointDueAtStop({ ...quiet, mineMs, blocks: 4, dumpMs })).toBe(false);
    expect(isCheckpointDueAtStop({ ...quiet, mineMs, blocks: 5, dumpMs })).toBe(true);
  });

  test('behavior: before any dump was timed, the state size gives its expected time', () => {
    const stateBytes = 10 * STOP_DUMP_FLOOR_MS * DUMP_BYTES_PER_MS;
    const mineMs = STOP_DUMP_FLOOR_MS;
    expect(isCheckpointDueAtStop({ ...quiet, stateBytes, mineMs, blocks: 9 })).toBe(false);
    expect(isCheckpointDueAtStop({ ...quiet, stateBytes, mineMs, blocks: 10 })).toBe(true);
    expect(isCheckpointDueAtStop({ ...quiet, stateBytes: MiB, mineMs: 0, blocks: 1 })).toBe(true);
  });
});
