import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createHeadTracker, type HeadTracker } from '../../src/ledger/createHeadTracker.js';
import { createLedgerClient, type LedgerClient } from '../../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER } from '../support/testNode.js';

/**
 * The head tracker on the embedded ledger's WebSocket (the front relays anvil's `newHeads`):
 * heads arrive without look-ups, a killed anvil falls back to look-ups and comes back live, and
 * the relay refuses everything but subscriptions.
 */
let ledger: EmbeddedLedger;
let client: LedgerClient;
let tracker: HeadTracker;
const NOBODY = '0x00000000000000000000000000000000000000aa';
const wsUrl = () => ledger.url.replace(/^http/, 'ws');

beforeAll(async () => {
  ledger = new EmbeddedLedger({
    dataDir: createDataDir(),
    chainId: 2026,
    blockTime: 0.1,
    logger: SILENT_LOGGER,
  });
  await ledger.start();
  client = createLedgerClient({ url: ledger.url, timeoutMs: 2_000 });
  tracker = createHeadTracker({ ledger: client, subscriptionUrl: wsUrl() });
});
afterAll(async () => {
  tracker.close();
  await client.close();
  await ledger.stop();
});

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

describe('createHeadTracker', () => {
  test('default: a live subscription announces new blocks; the head costs no look-up', async () => {
    await until(() => tracker.live);
    const before = await tracker.latest();
    const request = vi.spyOn(client, 'request');
    await client.request('eth_sendRawTransaction', [await signFreeTransfer()]);
    await until(async () => (await tracker.latest()).number > before.number);
    const lookUps = request.mock.calls.filter(([method]) => method === 'eth_getBlockByNumber');
    expect(lookUps).toHaveLength(0);
    const latest = await tracker.latest();
    const block = await client.request<{ hash: string }>('eth_getBlockByNumber', [
      `0x${latest.number.toString(16)}`,
      false,
    ]);
    expect(block.hash).toBe(latest.hash);
    request.mockRestore();
  });

  test('behavior: a relayed receipt moves the head forward, never back; the next announced block wins', async () => {
    await until(() => tracker.live);
    const current = await tracker.latest();
    const ahead = { number: current.number + 1_000n, hash: `0x${'ab'.repeat(32)}` } as const;
    tracker.saw(ahead);
    tracker.saw({ number: current.number + 1n, hash: `0x${'cd'.repeat(32)}` });
    expect(await tracker.latest()).toEqual(ahead);
    // The subscription is the ledger's word: its next block replaces whatever was assumed.
    await client.request('eth_sendRawTransaction', [await signFreeTransfer()]);
    await until(async () => (await tracker.latest()).hash !== ahead.hash);
    expect((await tracker.latest()).number).toBeLessThan(ahead.number);
  });

  test('behavior: a killed anvil loses the subscription (look-ups take over), then it is live again', async () => {
    await until(() => tracker.live);
    const pid = ledger.pid as number;
    process.kill(pid, 'SIGKILL');
    await until(() => !tracker.live);
    // The supervisor restarts anvil on the same front; the tracker reconnects by itself.
    await until(() => tracker.live, 40_000);
    const head = await tracker.latest();
    const actual = await client.request<{ number: string }>('eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    expect(head.number).toBeLessThanOrEqual(BigInt(actual.number));
  });
});

describe('the embedded ledger WebSocket relay', () => {
  test('security: only eth_subscribe and eth_unsubscribe pass; anvil_*, evm_* and writes are refused', async () => {
    const socket = new WebSocket(wsUrl());
    const answers = new Map<number, { result?: unknown; error?: { code: number } }>();
    let refusedBatch: unknown;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (typeof message.id === 'number') answers.set(message.id, message);
      else if (message.error) refusedBatch = message;
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const send = (id: number, method: string, params: unknown[]) =>
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    send(1, 'evm_mine', []);
    send(2, 'anvil_setBalance', [NOBODY, '0x1']);
    send(3, 'eth_sendRawTransaction', [await signFreeTransfer()]);
    send(4, 'eth_subscribe', ['newHeads']);
    socket.send('[{"jsonrpc":"2.0","id":5,"method":"evm_mine","params":[]}]');
    await until(() => answers.has(1) && answers.has(2) && answers.has(3) && answers.has(4));
    for (const id of [1, 2, 3]) expect(answers.get(id)?.error?.code).toBe(-32601);
    expect(typeof answers.get(4)?.result).toBe('string');
    await until(() => answers.size >= 4 && refusedBatch !== undefined);
    expect(refusedBatch).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await client.request('eth_getBalance', [NOBODY, 'latest'])).toBe('0x0');
    socket.close();
  });
});
