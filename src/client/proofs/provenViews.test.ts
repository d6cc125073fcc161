import { describe, expect, test } from 'vitest';
import { shareInFlight } from './provenViews.js';

describe('shareInFlight', () => {
  test('behavior: callers that ask while a fetch runs share it; later callers start another', async () => {
    let fetches = 0;
    const latest = shareInFlight(async () => ++fetches);
    expect(await Promise.all([latest(), latest(), latest()])).toEqual([1, 1, 1]);
    expect(await latest()).toBe(2);
  });

  test('error: a failed fetch fails its callers, and the next caller asks again', async () => {
    let fetches = 0;
    const latest = shareInFlight(async () => {
      fetches++;
      if (fetches === 1) throw new Error('unreachable');
      return fetches;
    });
    const first = await Promise.allSettled([latest(), latest()]);
    expect(first.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await latest()).toBe(2);
  });
});
