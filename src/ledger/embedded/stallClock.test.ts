import { describe, expect, test } from 'vitest';
import { createStallClock, MIN_STALL_CAP_MS } from './stallClock.js';

/** A clock whose time moves only when told. */
function manualTime() {
  let now = 0;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A stall that lasts until `end` is called. */
function stall(clock: ReturnType<typeof createStallClock>) {
  let release!: () => void;
  const done = clock.around(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  );
  return {
    async end() {
      release();
      await done;
    },
  };
}

describe('createStallClock', () => {
  test('default: nothing stalled, nothing counted', () => {
    const time = manualTime();
    const clock = createStallClock(time.now);
    time.advance(5_000);
    expect(clock.stalledMs()).toBe(0);
  });

  test('behavior: a stall counts while under way and after, the time between stalls does not', async () => {
    const time = manualTime();
    const clock = createStallClock(time.now);
    const first = stall(clock);
    time.advance(400);
    expect(clock.stalledMs()).toBe(400);
    await first.end();
    time.advance(1_000);
    expect(clock.stalledMs()).toBe(400);
    const second = stall(clock);
    time.advance(300);
    expect(clock.stalledMs()).toBe(700);
    await second.end();
  });

  test('behavior: a stall counts up to twice the longest before it, at least the minimum', async () => {
    const time = manualTime();
    const clock = createStallClock(time.now);
    const first = stall(clock);
    time.advance(5_000);
    // Nothing to compare the first one with: it counts up to the minimum.
    expect(clock.stalledMs()).toBe(MIN_STALL_CAP_MS);
    await first.end();
    const growing = [800, 1_600, 3_000];
    let counted = MIN_STALL_CAP_MS;
    for (const ms of growing) {
      const next = stall(clock);
      time.advance(ms);
      await next.end();
      counted += ms;
      expect(clock.stalledMs()).toBe(counted);
    }
    // A hang: counted up to twice the longest (3 s), then the waiting calls' deadlines run.
    const hang = stall(clock);
    time.advance(60_000);
    expect(clock.stalledMs()).toBe(counted + 6_000);
    await hang.end();
    // Its end does not raise the bar: the next stall is capped at 12 s, not 120 s.
    const next = stall(clock);
    time.advance(60_000);
    expect(clock.stalledMs()).toBe(counted + 6_000 + 12_000);
    await next.end();
  });

  test('error: a stall whose work fails still ends, and the failure reaches the caller', async () => {
    const time = manualTime();
    const clock = createStallClock(time.now);
    await expect(
      clock.around(async () => {
        time.advance(200);
        throw new Error('anvil refused');
      }),
    ).rejects.toThrow('anvil refused');
    time.advance(1_000);
    expect(clock.stalledMs()).toBe(200);
  });

  test('behavior: a whole stall (the state loaded at a start) counts in full and sets the cap of the next', async () => {
    const time = manualTime();
    const clock = createStallClock(time.now);
    let release!: () => void;
    const load = clock.around(() => new Promise<void>((resolve) => (release = resolve)), {
      whole: true,
    });
    time.advance(8_000);
    expect(clock.stalledMs()).toBe(8_000);
    release();
    await load;
    // A block of that state may take seconds: up to twice the load counts.
    const block = stall(clock);
    time.advance(20_000);
    expect(clock.stalledMs()).toBe(8_000 + 16_000);
    await block.end();
    // The next stall is capped again.
    const next = stall(clock);
    time.advance(40_000);
    expect(clock.stalledMs()).toBe(8_000 + 16_000 + 32_000);
    await next.end();
  });
});
