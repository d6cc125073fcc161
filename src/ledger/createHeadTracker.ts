import { setTimeout as sleep } from 'node:timers/promises';
import { type Hex, isHex } from 'viem';
import { BlockNotReachedError, LedgerUnavailableError } from '../errors/ledger.js';
import type { LedgerClient } from './createLedgerClient.js';
import { subscribeNewHeads } from './subscribeNewHeads.js';

/** How often `reach` looks the head up again. */
const REACH_POLL_MS = 50;

/** A block the chain's head was at: its number and its hash. */
export type Head = { number: bigint; hash: Hex };

/** Knows the ledger's head, so that reads need not ask for it. */
export type HeadTracker = {
  /**
   * The head as of this call. While a `newHeads` subscription is live (and the ledger answers),
   * the block it last announced, at no cost; otherwise looked up after this call was made, one
   * look-up shared by the callers of one tick.
   * @throws {LedgerUnavailableError} when the head must be looked up and the ledger does not answer.
   */
  latest(): Promise<Head>;
  /**
   * A block the node learnt of otherwise (a receipt it relayed): the head moves forward to it,
   * so that a client reading after its receipt sees its write.
   */
  saw(head: Head): void;
  /**
   * The head once it is at `number` or above: looked up now, then again every few tens of
   * milliseconds until `timeoutMs` has passed.
   * @throws {BlockNotReachedError} when the ledger's head is still below `number` by then.
   * @throws {LedgerUnavailableError} when the ledger does not answer.
   */
  reach(number: bigint, timeoutMs: number): Promise<Head>;
  /**
   * Calls `listener` with each head announced by the subscription or learnt of by `saw`, as it
   * arrives (not with heads looked up on a request's behalf).
   */
  onAnnounced(listener: (head: Head) => void): void;
  /** Whether heads currently arrive by subscription. */
  readonly live: boolean;
  close(): void;
};

export type CreateHeadTrackerParameters = {
  ledger: Pick<LedgerClient, 'request' | 'available'>;
  /** The ledger's WebSocket endpoint for `eth_subscribe("newHeads")`; none: look-ups only. */
  subscriptionUrl?: string | undefined;
  /** Told when the subscription becomes live and when it is lost. */
  onSubscription?: (state: 'live' | 'lost', cause?: unknown) => void;
};

/**
 * Tracks the head of the chain with the standard `eth_subscribe("newHeads")` over WebSocket
 * (Besu, geth and anvil offer it), falling back to one `eth_getBlockByNumber("latest")` per tick
 * while there is no subscription or the ledger stopped answering. A subscription's heads are
 * taken as they come (a lower one means the ledger restarted from an older state); relayed
 * receipts only move the head forward.
 * - Design: DESIGN.md §7, §11
 */
export function createHeadTracker(parameters: CreateHeadTrackerParameters): HeadTracker {
  const { ledger, subscriptionUrl, onSubscription } = parameters;
  let head: Head | undefined;
  let live = false;
  /** Counts lost connections: a confirmation whose connection was lost since is void. */
  let losses = 0;
  let reported: 'live' | 'lost' | undefined;
  let closed = false;
  let scheduled: Promise<Head> | undefined;
  const listeners: ((head: Head) => void)[] = [];

  function announce(next: Head): void {
    head = next;
    for (const listener of listeners) listener(next);
  }

  function lookUp(): Promise<Head> {
    scheduled ??= new Promise<Head>((resolve, reject) => {
      setImmediate(() => {
        scheduled = undefined;
        ledger
          .request<{ number: Hex; hash: Hex } | null>('eth_getBlockByNumber', ['latest', false])
          .then((block) => {
            const found = block && toHead(block);
            if (!found) throw new LedgerUnavailableError({ cause: 'no latest block' });
            // A head announced while the look-up was in flight is newer than its answer.
            if (!(live && head && head.number > found.number)) head = found;
            resolve(head ?? found);
          })
          .catch(reject);
      });
    });
    return scheduled;
  }

  const subscription =
    subscriptionUrl === undefined
      ? undefined
      : subscribeNewHeads({
          url: subscriptionUrl,
          onHead(block) {
            const announced = toHead(block);
            if (announced) announce(announced);
          },
          async onLive() {
            const connection = losses;
            await lookUp().catch(() => undefined);
            // Lost while the head was looked up (a ledger stopping): heads no longer arrive.
            if (connection !== losses) return;
            live = true;
            reported = 'live';
            onSubscription?.('live');
          },
          onLost(cause) {
            losses++;
            live = false;
            // Told once per change: a ledger without WebSocket fails every retry. Closing the
            // tracker ends the subscription on purpose: nothing to tell.
            if (reported === 'lost' || closed) return;
            reported = 'lost';
            onSubscription?.('lost', cause);
          },
        });

  return {
    latest() {
      if (live && head && ledger.available) return Promise.resolve(head);
      return lookUp();
    },
    saw(seen) {
      if (head === undefined || seen.number > head.number) announce(seen);
    },
    async reach(number, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = await lookUp();
        if (found.number >= number) return found;
        const left = deadline - performance.now();
        if (left <= 0) throw new BlockNotReachedError(number, found.number);
        await sleep(Math.min(REACH_POLL_MS, left));
      }
    },
    onAnnounced(listener) {
      listeners.push(listener);
    },
    get live() {
      return live;
    },
    close() {
      closed = true;
      subscription?.close();
    },
  };
}

/** A block header's number and hash, when it has both. */
export function toHead(block: unknown): Head | undefined {
  const { number, hash } = (block ?? {}) as { number?: unknown; hash?: unknown };
  if (!isHex(number) || !isHex(hash) || hash.length !== 66) return undefined;
  return { number: BigInt(number), hash };
}
