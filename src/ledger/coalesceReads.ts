import type { LedgerClient } from './createLedgerClient.js';
import type { LedgerCall, LedgerOutcome } from './jsonRpc.js';

/** Sends read calls; one outcome per call, in order. */
export type ReadSender = (calls: readonly LedgerCall[]) => Promise<LedgerOutcome[]>;

/** Calls in one batch to the ledger, at most: a larger tick is sent in several batches. */
const MAX_CALLS_PER_BATCH = 256;

type Waiter = { resolve(outcome: LedgerOutcome): void; reject(error: unknown): void };

/**
 * Sends the read calls of concurrent requests together: the calls made in one tick go to the
 * ledger in one batch, and identical calls (same method, same params) are sent once and share
 * the answer. Every call was made before its batch left, so a shared answer is as fresh as one
 * of its own. Only for reads: a write is never merged or deduplicated.
 * - Design: DESIGN.md §7
 */
export function coalesceReads(ledger: Pick<LedgerClient, 'send'>): ReadSender {
  let pending = new Map<string, { call: LedgerCall; waiters: Waiter[] }>();

  function flush(): void {
    const entries = [...pending.values()];
    pending = new Map();
    for (let start = 0; start < entries.length; start += MAX_CALLS_PER_BATCH) {
      const batch = entries.slice(start, start + MAX_CALLS_PER_BATCH);
      ledger.send(batch.map(({ call }) => call)).then(
        (outcomes) => {
          batch.forEach(({ waiters }, i) => {
            for (const waiter of waiters) waiter.resolve(outcomes[i] as LedgerOutcome);
          });
        },
        (error: unknown) => {
          for (const { waiters } of batch) for (const waiter of waiters) waiter.reject(error);
        },
      );
    }
  }

  function enqueue(call: LedgerCall): Promise<LedgerOutcome> {
    return new Promise((resolve, reject) => {
      if (pending.size === 0) setImmediate(flush);
      const key = `${call.method}\u0000${JSON.stringify(call.params)}`;
      const known = pending.get(key);
      if (known) known.waiters.push({ resolve, reject });
      else pending.set(key, { call, waiters: [{ resolve, reject }] });
    });
  }

  return (calls) => Promise.all(calls.map(enqueue));
}
