import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createBlockProducer } from './blockProducer.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A producer whose blocks take `mineMs` each; `starts` records when each block began. */
function producer(mineMs: number) {
  const starts: number[] = [];
  const blocks = createBlockProducer({
    intervalMs: 250,
    trailingBlocks: 3,
    trailingMs: 0,
    mine: async () => {
      starts.push(Date.now());
      await vi.advanceTimersByTimeAsync(mineMs);
    },
    onError: (error) => {
      throw error;
    },
  });
  return { blocks, starts };
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
