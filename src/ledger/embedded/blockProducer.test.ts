import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { blockWaitMs, createBlockProducer, MAX_BLOCK_WAIT_MS } from './blockProducer.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A producer whose blocks take `mineMs` each; `starts` records when each block began. `pool`:
 * the full blocks waiting (each block mined takes one), and `failures` the blocks to fail.
 */
function producer(mineMs: number, pool = { full: 0, failures: 0 }) {
  const starts: number[] = [];
  const errors: unknown[] = [];
  const blocks = createBlockProducer({
    intervalMs: () => blockWaitMs(250, mineMs),
    isFull: () => pool.full > 0,
    trailingBlocks: 3,
    trailingMs: 0,
    mine: async () => {
      starts.push(Date.now());
      await vi.advanceTimersByTimeAsync(mineMs);
      if (pool.failures > 0) {
        pool.failures -= 1;
        throw new Error('anvil did not mine');
      }
      pool.full = Math.max(0, pool.full - 1);
    },
    onError: (error) => errors.push(error),
  });
  return { blocks, starts, errors };
}

describe('createBlockProducer', () => {
  test('default: a block an interval after the last one ended, then the trailing blocks, then none', async () => {
    const { blocks, starts } = producer(10);
    const start = Date.now();
    blocks.noteWork();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts.map((at) => at - start)).toEqual([250, 510, 770, 1030]);
    blocks.stop();
  });

  test('default: an idle producer mines nothing; a stopped one mines no more', async () => {
    const { blocks, starts } = producer(10);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toEqual([]);
    blocks.noteWork();
    blocks.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toEqual([]);
  });
});

describe('full blocks', () => {
  test('behavior: a full pool is mined at once, and full blocks follow each other without the wait', async () => {
    const pool = { full: 0, failures: 0 };
    const { blocks, starts } = producer(100, pool);
    const start = Date.now();
    blocks.noteWork();
    await vi.advanceTimersByTimeAsync(50);
    pool.full = 3;
    blocks.noteFull();
    await vi.advanceTimersByTimeAsync(5_000);
    // Three full blocks back to back from 50 ms, then the last trailing one 250 ms after.
    expect(starts.map((at) => at - start)).toEqual([50, 150, 250, 600]);
    blocks.stop();
  });

  test('behavior: after a block that failed, a full pool waits the interval', async () => {
    const pool = { full: 1, failures: 1 };
    const { blocks, starts, errors } = producer(100, pool);
    const start = Date.now();
    blocks.noteWork();
    blocks.noteFull();
    await vi.advanceTimersByTimeAsync(400);
    expect(errors).toHaveLength(1);
    expect(starts.map((at) => at - start)).toEqual([0, 350]);
    blocks.stop();
  });
});

describe('blockWaitMs', () => {
  test('behavior: the block time while blocks are quick; twice a slow block after it, up to a cap', () => {
    expect(blockWaitMs(1_000, 40)).toBe(1_000);
    expect(blockWaitMs(1_000, 500)).toBe(1_000);
    expect(blockWaitMs(1_000, 2_500)).toBe(5_000);
    expect(blockWaitMs(1_000, 60_000)).toBe(MAX_BLOCK_WAIT_MS);
    expect(blockWaitMs(60_000, 60_000)).toBe(60_000);
  });

  test('behavior: slow blocks are spaced by twice their making, so anvil makes blocks a third of the time', async () => {
    const { blocks, starts } = producer(1_000);
    const start = Date.now();
    blocks.noteWork();
    await vi.advanceTimersByTimeAsync(20_000);
    // A block takes 1 s: each waits 2 s after the last one ended (the first, after the work came).
    expect(starts.map((at) => at - start)).toEqual([2_000, 5_000, 8_000, 11_000]);
    blocks.stop();
  });
});
