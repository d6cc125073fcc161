/**
 * A stall that lasts this long counts in full, however short the stalls before it were: the
 * first blocks and checkpoints of a large state have no history to be compared with.
 */
export const MIN_STALL_CAP_MS = 1_000;

/** Counts the time anvil holds every call back in its ordinary work: mining, dumping the state. */
export type StallClock = {
  /**
   * Runs `work` (a block journaled, mined and archived; a state dump) as a stall. With `whole`,
   * it counts in full however long it takes: the state loaded at a start, the first stall of a
   * new process, whose time says what the blocks and dumps of that state may take.
   */
  around<T>(work: () => Promise<T>, options?: { whole?: boolean }): Promise<T>;
  /**
   * Milliseconds stalled so far, the stall under way included: a count that only grows. A stall
   * counts up to twice the longest before it (at least {@link MIN_STALL_CAP_MS}): past that,
   * anvil is taken as hung, not busy, and the calls waiting on it go on to their deadlines.
   */
  stalledMs(): number;
};

/**
 * The embedded ledger's stall clock. A call's deadline moves on by the stalls that happen while
 * it waits (createLedgerClient.ts), so that a call fails on a hung ledger, not a busy one whose
 * blocks and checkpoints take longer as its state grows.
 * - Design: DESIGN.md §11
 */
export function createStallClock(now: () => number = () => performance.now()): StallClock {
  let done = 0;
  let longest = 0;
  let since: number | undefined;
  let whole = false;
  const capped = (ms: number) =>
    whole ? ms : Math.min(ms, Math.max(MIN_STALL_CAP_MS, 2 * longest));
  return {
    async around(work, options) {
      const started = now();
      since = started;
      whole = options?.whole === true;
      try {
        return await work();
      } finally {
        // Capped here too: a hang that ended must not raise the bar for the next one.
        const ms = capped(now() - started);
        whole = false;
        done += ms;
        longest = Math.max(longest, ms);
        if (since === started) since = undefined;
      }
    },
    stalledMs() {
      return done + (since === undefined ? 0 : capped(now() - since));
    },
  };
}
