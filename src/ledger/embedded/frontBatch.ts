import type { FrontAnswer } from './frontAnswers.js';
import type { RpcBody } from './frontRequest.js';

type Entry = Record<string, unknown>;

export type CombinedBodies = {
  /** The batch to send. */
  body: string;
  /**
   * One answer per body, from anvil's answer to the batch, and the hashes anvil gave the raw
   * transactions it took, in batch order.
   */
  split(answer: FrontAnswer): { answers: FrontAnswer[]; hashes: `0x${string}`[] };
};
/** Where an entry of the combined batch came from. */
type Origin = {
  body: number;
  id: unknown;
  notification: boolean;
  write: boolean;
  invalid?: true;
};

/**
 * Several JSON-RPC bodies sent to anvil as one batch, in their order, and the answer split back
 * into one per body: a socket write per group of writes rather than per write (each costs the
 * node ~200 µs on a VM). anvil runs a batch's entries concurrently but, with no block being
 * mined meanwhile (the sequencer's queue sees to it), puts them in its pool in batch order:
 * test/ledger/anvilBatchOrder.test.ts holds it to that, and the sequencer records a block whose
 * order differs anyway (sequencer.ts).
 * @param bodies as the front parsed them (frontRequest.ts).
 * An entry that is no request object is answered here as anvil answers it (-32600, `id` null),
 * and the body's other entries still go: a journaled write is never refused for its neighbour.
 * @returns `undefined` for an empty batch (sent alone).
 */
export function combineBodies(bodies: readonly RpcBody[]): CombinedBodies | undefined {
  const entries: Entry[] = [];
  const origins: Origin[] = [];
  const batches: boolean[] = [];
  for (const [index, { batch, entries: items }] of bodies.entries()) {
    if (items.length === 0) return undefined;
    batches.push(batch);
    for (const item of items) {
      // anvil answers an entry that is no request object alone, as invalid; the rest still go.
      if (!isEntry(item)) {
        origins.push({ body: index, id: null, notification: false, write: false, invalid: true });
        continue;
      }
      origins.push({
        body: index,
        id: item.id,
        notification: !('id' in item),
        write: item.method === 'eth_sendRawTransaction',
      });
      entries.push({ ...item, id: origins.length - 1 });
    }
  }
  return {
    body: JSON.stringify(entries),
    split(answer) {
      const unsplit = { answers: bodies.map(() => answer), hashes: [] };
      if (answer.status !== 200) return unsplit;
      const byId = new Map<unknown, Entry>();
      try {
        const answers: unknown = JSON.parse(answer.body);
        if (!Array.isArray(answers)) return unsplit;
        for (const item of answers) if (isEntry(item)) byId.set(item.id, item);
      } catch {
        return unsplit;
      }
      const replies: Entry[][] = bodies.map(() => []);
      const hashes: `0x${string}`[] = [];
      origins.forEach((origin, k) => {
        const reply = origin.invalid
          ? INVALID_REQUEST
          : (byId.get(k) ?? {
              error: { code: -32603, message: 'The embedded ledger did not answer' },
            });
        if (origin.write && typeof reply.result === 'string')
          hashes.push(reply.result as `0x${string}`);
        if (origin.notification) return;
        (replies[origin.body] as Entry[]).push({ ...reply, jsonrpc: '2.0', id: origin.id });
      });
      const answers = replies.map((items, index) =>
        items.length === 0
          ? { status: 200, body: '' }
          : { status: 200, body: JSON.stringify(batches[index] ? items : items[0]) },
      );
      return { answers, hashes };
    },
  };
}

/** anvil's answer to a batch entry that is no request object. */
const INVALID_REQUEST: Entry = { error: { code: -32600, message: 'Invalid request' } };

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
