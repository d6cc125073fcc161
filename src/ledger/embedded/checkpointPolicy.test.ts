import { describe, expect, test } from 'vitest';
import {
  isCheckpointDue,
  JOURNAL_SHARE,
  MIN_JOURNAL_BYTES,
  REPLAY_BUDGET_MS,
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
