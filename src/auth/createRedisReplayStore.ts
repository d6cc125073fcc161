import { createHash } from 'node:crypto';
import { createClient } from '@redis/client';
import { ReplayStoreUnavailableError } from '../errors/replayStore.js';
import type { ReplayStore } from './replayStore.js';

/** How long connecting, or one command, may take before the store counts as unavailable. */
export const REPLAY_STORE_TIMEOUT_MS = 2_000;
/** The longest wait between two reconnection attempts after an outage. */
const MAX_RECONNECT_DELAY_MS = 1_000;
/** Commands a hung server may leave unanswered before further ones are refused at once. */
const MAX_UNANSWERED = 10_000;

export type CreateRedisReplayStoreParameters = {
  /** A `redis://` or `rediss://` URL (credentials and database number allowed). */
  url: string;
  /**
   * Prepended to every key, so that environments sharing a server never see each other's
   * records, e.g. `core-registry:2026:0xabc…:presentation:`.
   */
  namespace: string;
  /** Deadline of connecting and of each command in milliseconds (default 2,000). */
  timeoutMs?: number;
  /** Told once when the store stops answering and once when it answers again. */
  onHealthChange?: (state: 'down' | 'up', cause?: unknown) => void;
};

/**
 * A {@link ReplayStore} on a Redis or Valkey server that the nodes behind one public URL share:
 * `consume` is one atomic `SET <namespace><base64url(sha256(key))> 1 NX EX <seconds left>`, resolved only
 * after the server acknowledged it. It fails closed: when the server is down, unreachable or
 * slower than `timeoutMs`, `consume` rejects (no offline queue holds commands back, and at most
 * 10,000 may await an answer) and the client reconnects by itself. A command that timed out may
 * still reach a server that wakes up: its presentation then counts as used.
 * - Design: DESIGN.md §6 (nonce single use), §11
 * @throws {ReplayStoreUnavailableError} when the server cannot be reached at start.
 */
export async function createRedisReplayStore(
  parameters: CreateRedisReplayStoreParameters,
): Promise<ReplayStore> {
  const { url, namespace, timeoutMs = REPLAY_STORE_TIMEOUT_MS, onHealthChange } = parameters;
  const store = toSafeAddress(url);
  let started = false;
  let down = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandsQueueMaxLength: MAX_UNANSWERED,
    commandOptions: { timeout: timeoutMs },
    socket: {
      connectTimeout: timeoutMs,
      // Before the first connection a failure is final (the node must not start without its
      // store); afterwards the client keeps trying, the requests meanwhile failing at once.
      reconnectStrategy: (retries) =>
        started ? Math.min(100 * 2 ** Math.min(retries, 4), MAX_RECONNECT_DELAY_MS) : false,
    },
  });

  function changed(isDown: boolean, cause?: unknown): void {
    if (!started || down === isDown) return;
    down = isDown;
    onHealthChange?.(isDown ? 'down' : 'up', cause);
  }
  // Without a listener an `error` event would crash the process; each reconnection attempt
  // emits one, the outage is told once.
  client.on('error', (error: unknown) => changed(true, error));
  client.on('ready', () => changed(false));

  try {
    await withDeadline(client.connect(), timeoutMs);
  } catch (error) {
    client.destroy();
    throw new ReplayStoreUnavailableError(store, { cause: error });
  }
  started = true;

  return {
    async consume(key, expiresAt, now) {
      const id = createHash('sha256').update(key).digest('base64url');
      let reply: unknown;
      try {
        // A relative lifetime: the record lasts as long as this node accepts the presentation,
        // whatever the server's clock says. The client's own timeout ends once a command is
        // written, and a hung server never answers it: hence the deadline around it.
        reply = await withDeadline(
          client.set(`${namespace}${id}`, '1', {
            condition: 'NX',
            expiration: { type: 'EX', value: Math.max(1, expiresAt - now) },
          }),
          timeoutMs,
        );
      } catch (error) {
        changed(true, error);
        throw new ReplayStoreUnavailableError(store, { cause: error });
      }
      changed(false);
      return reply === 'OK';
    },
    async close() {
      // Nothing waits to be written: every consume awaited its acknowledgement.
      client.destroy();
    },
  };
}

/** The store's address for messages and logs: scheme, host, port and database, no password. */
export function toSafeAddress(url: string): string {
  const { protocol, host, pathname } = new URL(url);
  return `${protocol}//${host}${pathname}`;
}

/** `promise`, or a `TimeoutError` after `ms`: connecting includes a handshake a hung server never answers. */
async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')),
      ms,
    );
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
