import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { createLedgerClient } from '../../src/ledger/createLedgerClient.js';
import {
  EmbeddedLedger,
  type EmbeddedLedgerOptions,
} from '../../src/ledger/embedded/embeddedLedger.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER } from '../support/testNode.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newLedger(
  dataDir: string,
  blockTime = 0.2,
  options: Partial<EmbeddedLedgerOptions> = {},
): EmbeddedLedger {
  return new EmbeddedLedger({
    dataDir,
    chainId: 2026,
    blockTime,
    logger: SILENT_LOGGER,
    ...options,
  });
}

/** A ledger started on a data dir of its own; both go when the test ends. */
async function startLedger(
  blockTime = 0.2,
  options: Partial<EmbeddedLedgerOptions> = {},
): Promise<EmbeddedLedger> {
  const dataDir = createDataDir();
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const ledger = newLedger(dataDir, blockTime, options);
  cleanups.push(() => ledger.stop());
  await ledger.start();
  return ledger;
}

async function blockNumber(url: string): Promise<number> {
  const client = createLedgerClient({ url, timeoutMs: 2_000 });
  try {
    return Number(await client.request<string>('eth_blockNumber'));
  } finally {
    await client.close();
  }
}

/** The block number once it stopped moving for ten block intervals of 0.05 s. */
async function waitForIdle(url: string): Promise<number> {
  let last = -1;
  for (;;) {
    const current = await blockNumber(url);
    if (current === last) return current;
    last = current;
    await sleep(500);
  }
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('EmbeddedLedger', () => {
  test('default: starts on 127.0.0.1 with the configured chain id and free gas', async () => {
    const ledger = await startLedger();
    expect(ledger.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = createLedgerClient({ url: ledger.url });
    cleanups.push(() => client.close());
    expect(await client.request('eth_chainId')).toBe('0x7ea');
    expect(await client.request('eth_gasPrice')).toBe('0x0');
  });

  test('error: a body over 64 MiB gets 413 with a JSON-RPC error, and the ledger answers on', async () => {
    const ledger = await startLedger();
    const padding = 'a'.repeat(64 * 1024 * 1024);
    const response = await fetch(ledger.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[],"pad":"${padding}"}`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request: the body is over 64 MiB' },
    });
    expect(await blockNumber(ledger.url)).toBeGreaterThanOrEqual(0);
  });

  test('behavior: the operator hears once of memory over budget and of a block that held anvil too long', async () => {
    const warnings: { obj: object; msg: string }[] = [];
    const ledger = await startLedger(0.05, {
      logger: { ...SILENT_LOGGER, warn: (obj, msg) => warnings.push({ obj, msg }) },
      // Thresholds any real process and block pass: the warnings, not the machine, are tested.
      memoryBudgetMiB: 1,
      slowStallMs: 0,
    });
    const client = createLedgerClient({ url: ledger.url });
    cleanups.push(() => client.close());
    await client.request('eth_sendRawTransaction', [await signFreeTransfer()]);
    await waitForIdle(ledger.url);
    await client.request('eth_sendRawTransaction', [await signFreeTransfer()]);
    await waitForIdle(ledger.url);

    const said = (text: string) => warnings.filter(({ msg }) => msg.includes(text));
    expect(said('more memory than its budget')).toHaveLength(1);
    expect(said('more memory than its budget')[0]?.obj).toMatchObject({ budgetMiB: 1 });
    const stalls = said('answered nothing for');
    expect(stalls).toHaveLength(1);
    expect(stalls[0]?.obj).toMatchObject({ cause: 'block', ms: expect.any(Number) });
    expect(stalls[0]?.msg).toContain('docs/operators.md "Limits"');
  });

  test('behavior: blocks while there is work, none when idle', async () => {
    const ledger = await startLedger(0.05);
    const idle = await waitForIdle(ledger.url);
    const raw = await signFreeTransfer();
    const client = createLedgerClient({ url: ledger.url });
    cleanups.push(() => client.close());
    const hash = await client.request<string>('eth_sendRawTransaction', [raw]);
    const receipt = await waitFor(() =>
      client
        .request<{ blockNumber: string } | null>('eth_getTransactionReceipt', [hash])
        .then((found) => found ?? undefined),
    );
    expect(Number(receipt.blockNumber)).toBe(idle + 1);
    // The transaction's block, then trailing blocks (commit-reveal maturities, the clock), then none.
    expect(await waitForIdle(ledger.url)).toBeGreaterThanOrEqual(idle + 9);
  });

  test('behavior: a restarted ledger continues the same chain', async () => {
    const dataDir = createDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = newLedger(dataDir);
    await first.start();
    await waitFor(async () => ((await blockNumber(first.url)) >= 5 ? true : undefined));
    const client = createLedgerClient({ url: first.url });
    const block3 = await client.request<{ hash: string }>('eth_getBlockByNumber', ['0x3', false]);
    await client.close();
    const before = await blockNumber(first.url);
    await first.stop();

    const said: {
      obj: { startMs?: Record<string, number>; replayMs?: Record<string, number> };
      msg: string;
    }[] = [];
    const second = newLedger(dataDir, 0.2, {
      logger: { ...SILENT_LOGGER, info: (obj, msg) => said.push({ obj, msg }) },
    });
    cleanups.push(() => second.stop());
    await second.start();
    expect(await blockNumber(second.url)).toBeGreaterThanOrEqual(before);
    // The operator's account of the start: each step, the load of the checkpoint among them.
    const ready = said.find(({ msg }) => msg === 'embedded ledger ready');
    expect(Object.keys(ready?.obj.startMs ?? {})).toEqual([
      'spawn',
      'load',
      'archive',
      'replay',
      'journal',
    ]);
    expect(Object.values(ready?.obj.startMs ?? {}).every(Number.isInteger)).toBe(true);
    expect(Object.keys(ready?.obj.replayMs ?? {})).toEqual(['send', 'mine', 'archive']);
    const again = createLedgerClient({ url: second.url });
    cleanups.push(() => again.close());
    const reread = await again.request<{ hash: string }>('eth_getBlockByNumber', ['0x3', false]);
    expect(reread.hash).toBe(block3.hash);
  });

  test('behavior: a killed ledger is restarted on the same URL', async () => {
    const ledger = await startLedger();
    const { url, pid } = ledger;
    expect(pid).toBeDefined();
    process.kill(pid as number, 'SIGKILL');
    await waitFor(async () => (ledger.pid !== undefined && ledger.pid !== pid ? true : undefined));
    expect(ledger.url).toBe(url);
    expect(await waitFor(() => blockNumber(url))).toBeGreaterThanOrEqual(0);
  });

  test('behavior: after a kill of anvil, the blocks past the checkpoint are replayed onto the archive, with no warning', async () => {
    const said: { level: 'info' | 'warn' | 'error'; msg: string }[] = [];
    const ledger = await startLedger(0.05, {
      logger: {
        info: (_obj, msg) => said.push({ level: 'info', msg }),
        warn: (_obj, msg) => said.push({ level: 'warn', msg }),
        error: (_obj, msg) => said.push({ level: 'error', msg }),
      },
    });
    const client = createLedgerClient({ url: ledger.url });
    cleanups.push(() => client.close());
    const hash = await client.request<string>('eth_sendRawTransaction', [await signFreeTransfer()]);
    const receipt = () =>
      client
        .request<{ blockHash: string } | null>('eth_getTransactionReceipt', [hash])
        .then((found) => found ?? undefined);
    const mined = await waitFor(receipt);
    const head = await waitForIdle(ledger.url);
    const { pid } = ledger;
    process.kill(pid as number, 'SIGKILL');
    await waitFor(async () => (ledger.pid !== undefined && ledger.pid !== pid ? true : undefined));
    expect(await waitFor(() => blockNumber(ledger.url))).toBeGreaterThanOrEqual(head);
    expect((await waitFor(receipt)).blockHash).toBe(mined.blockHash);
    expect(
      said.filter(({ msg }) => msg.includes('blocks after the checkpoint replayed')),
    ).toHaveLength(1);
    // Its exit is an error; nothing of the archive is.
    expect(said.filter(({ level }) => level === 'warn')).toEqual([]);
    expect(said.filter(({ level }) => level === 'error').map(({ msg }) => msg)).toEqual([
      'embedded ledger exited',
    ]);
  });

  test('error: a data dir in use by a live node is refused', async () => {
    const dataDir = createDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(`${dataDir}/ledger`, { recursive: true });
    // pid 1 is always alive and never ours.
    writeFileSync(`${dataDir}/ledger/supervisor.pid`, '1\n');
    const ledger = newLedger(dataDir);
    await expect(ledger.start()).rejects.toMatchObject({
      code: 'CORE_ERR_EMBEDDED_LEDGER',
      message: `The data directory "${dataDir}" is in use by another node (pid 1)`,
    });
  });
});
