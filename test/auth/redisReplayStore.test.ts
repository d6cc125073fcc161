import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRedisReplayStore } from '../../src/auth/createRedisReplayStore.js';
import type { ReplayStore } from '../../src/auth/replayStore.js';
import { ReplayStoreUnavailableError } from '../../src/errors/replayStore.js';
import { startRedisServer, type TestRedisServer } from '../support/redisServer.js';
import { freePort } from '../support/testNode.js';

const TIMEOUT_MS = 500;
let redis: TestRedisServer;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis.stop());

/** A store of its own namespace on the test server, with its health changes recorded. */
async function openStore(namespace: string) {
  const changes: string[] = [];
  const store = await createRedisReplayStore({
    url: redis.url,
    namespace,
    timeoutMs: TIMEOUT_MS,
    onHealthChange: (state) => changes.push(state),
  });
  return { store, changes };
}

/** Consumes a fresh key until the store accepts it again (bounded: 40 tries, 100 ms apart). */
async function waitUntilAnswering(store: ReplayStore): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    if (
      await store.consume(`probe-${attempt}-${Math.random()}`, now() + 60, now()).catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the replay store did not answer again');
}

describe('createRedisReplayStore', () => {
  test('default: a key is consumed once, by any client of the namespace', async () => {
    const a = await openStore('test:default:');
    const b = await openStore('test:default:');
    try {
      expect(await a.store.consume('nonce-1', now() + 300, now())).toBe(true);
      expect(await b.store.consume('nonce-1', now() + 300, now())).toBe(false);
      expect(await a.store.consume('nonce-1', now() + 300, now())).toBe(false);
      expect(await b.store.consume('nonce-2', now() + 300, now())).toBe(true);
    } finally {
      await Promise.all([a.store.close(), b.store.close()]);
    }
  });

  test('behavior: namespaces never collide, and keys of any length are accepted', async () => {
    const a = await openStore('test:one:');
    const b = await openStore('test:two:');
    try {
      const long = 'x'.repeat(100_000);
      expect(await a.store.consume(long, now() + 300, now())).toBe(true);
      expect(await b.store.consume(long, now() + 300, now())).toBe(true);
      expect(await a.store.consume(long, now() + 300, now())).toBe(false);
    } finally {
      await Promise.all([a.store.close(), b.store.close()]);
    }
  });

  test('behavior: a record lasts until it expires', async () => {
    const { store } = await openStore('test:expiry:');
    try {
      // A lifetime already over is kept for the shortest time Redis knows, one second.
      expect(await store.consume('short', now(), now())).toBe(true);
      expect(await store.consume('short', now(), now())).toBe(false);
    } finally {
      await store.close();
    }
  });

  test('error: a hung server (SIGSTOP) fails closed within the timeout, once logged, then recovers', async () => {
    const { store, changes } = await openStore('test:hung:');
    try {
      redis.pause();
      const failures = await Promise.allSettled(
        [1, 2, 3].map((n) => store.consume(`hung-${n}`, now() + 300, now())),
      );
      for (const failure of failures) {
        expect(failure).toMatchObject({
          status: 'rejected',
          reason: expect.any(ReplayStoreUnavailableError),
        });
      }
      expect(changes).toEqual(['down']);
      redis.resume();
      await waitUntilAnswering(store);
      expect(changes).toEqual(['down', 'up']);
    } finally {
      redis.resume();
      await store.close();
    }
  });

  test('error: a killed server fails closed at once, then the client reconnects to its restart', async () => {
    const { store, changes } = await openStore('test:killed:');
    try {
      await redis.kill();
      await expect(store.consume('killed', now() + 300, now())).rejects.toBeInstanceOf(
        ReplayStoreUnavailableError,
      );
      expect(changes).toEqual(['down']);
      await redis.restart();
      await waitUntilAnswering(store);
      expect(changes).toEqual(['down', 'up']);
    } finally {
      await store.close();
    }
  });

  test('error: a server that cannot be reached at start is named, without credentials', async () => {
    const port = await freePort();
    const opening = createRedisReplayStore({
      url: `redis://user:secret@127.0.0.1:${port}/2`,
      namespace: 'test:',
      timeoutMs: TIMEOUT_MS,
    });
    await expect(opening).rejects.toMatchObject({
      code: 'CORE_ERR_REPLAY_STORE_UNAVAILABLE',
      store: `redis://127.0.0.1:${port}/2`,
      cause: expect.objectContaining({ code: 'ECONNREFUSED' }),
    });
  });
});
