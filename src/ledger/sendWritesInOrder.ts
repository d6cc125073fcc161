import type { LedgerClient } from './createLedgerClient.js';
import type { LedgerCall, LedgerOutcome } from './jsonRpc.js';

const WRITE = 'eth_sendRawTransaction';

/**
 * Sends the calls of one client payload that holds writes, so that its raw transactions reach
 * the ledger in the client's order. A ledger may run the entries of a batch concurrently and in
 * any order (JSON-RPC 2.0 §6; Hardhat does), and one that mines each transaction on arrival
 * refuses a nonce ahead of the next instead of queueing it. With one transaction at most, all
 * calls go in one round trip; with more, each transaction is sent after the ledger answered the
 * previous one, while the reads go together in one batch.
 * - Design: DESIGN.md §1 (standard JSON-RPC only); docs/ledgers.md
 * @returns One outcome per call, in order.
 * @throws {LedgerUnavailableError} when the ledger cannot be reached; no transaction is sent
 *   after the one that failed.
 */
export async function sendWritesInOrder(
  ledger: Pick<LedgerClient, 'send'>,
  calls: readonly LedgerCall[],
): Promise<LedgerOutcome[]> {
  const writes = calls.flatMap((call, index) => (call.method === WRITE ? [index] : []));
  if (writes.length < 2) return ledger.send(calls);
  const reads = calls.flatMap((call, index) => (call.method === WRITE ? [] : [index]));
  const outcomes: LedgerOutcome[] = new Array(calls.length);
  const pick = (index: number) => calls[index] as LedgerCall;

  async function sendReads(): Promise<void> {
    if (reads.length === 0) return;
    const answers = await ledger.send(reads.map(pick));
    answers.forEach((answer, k) => {
      outcomes[reads[k] as number] = answer;
    });
  }
  async function sendWrites(): Promise<void> {
    for (const index of writes) {
      const [answer] = await ledger.send([pick(index)]);
      outcomes[index] = answer as LedgerOutcome;
    }
  }
  await Promise.all([sendReads(), sendWrites()]);
  return outcomes;
}
