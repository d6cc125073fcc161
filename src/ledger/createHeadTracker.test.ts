import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocketServer } from 'ws';
import { createHeadTracker, type HeadTracker } from './createHeadTracker.js';

/** A WebSocket endpoint that confirms every `eth_subscribe`; its connections can be cut. */
async function startSubscriptionServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  let subscribed = 0;
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const { id } = JSON.parse(String(data));
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }));
      subscribed++;
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get subscribed() {
      return subscribed;
    },
    get clients() {
      return server.clients.size;
    },
    cut() {
      for (const socket of server.clients) socket.terminate();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const block = (number: number, byte: string) => ({
  number: `0x${number.toString(16)}`,
  hash: `0x${byte.repeat(32)}`,
});

const cleanUp: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0)) await step();
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

describe('createHeadTracker', () => {
  test('behavior: a subscription lost while its first look-up was in flight is not taken as live', async () => {
    const server = await startSubscriptionServer();
    let answer: (block: unknown) => void = () => undefined;
    let lookUps = 0;
    const ledger = {
      available: true,
      request: <T>() =>
        new Promise<T>((resolve) => {
          lookUps++;
          answer = resolve as (block: unknown) => void;
        }),
    };
    const tracker: HeadTracker = createHeadTracker({ ledger, subscriptionUrl: server.url });
    cleanUp.push(() => tracker.close(), server.close);

    await until(() => server.subscribed === 1 && lookUps === 1);
    server.cut();
    // Cut before the ledger answered: the node must keep looking the head up.
    await sleep(50);
    answer(block(7, 'aa'));
    await sleep(50);
    expect(tracker.live).toBe(false);

    const later = tracker.latest();
    await until(() => lookUps === 2);
    answer(block(3, 'bb'));
    expect(await later).toEqual({ number: 3n, hash: `0x${'bb'.repeat(32)}` });
  });

  test('behavior: closing the tracker ends its subscription without telling it lost', async () => {
    const server = await startSubscriptionServer();
    const states: string[] = [];
    const ledger = { available: true, request: async <T>() => block(1, 'cc') as T };
    const tracker = createHeadTracker({
      ledger,
      subscriptionUrl: server.url,
      onSubscription: (state) => states.push(state),
    });
    cleanUp.push(server.close);
    await until(() => states.includes('live'));
    tracker.close();
    await until(() => server.clients === 0);
    await sleep(50);
    expect(states).toEqual(['live']);
  });
});
