import { sha256, toFunctionSelector } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ContractRevertError } from '../../src/errors/contract.js';
import { BlockStateGoneError, LedgerUnavailableError } from '../../src/errors/ledger.js';
import { createChainReader } from '../../src/ledger/createChainReader.js';
import { createHeadTracker } from '../../src/ledger/createHeadTracker.js';
import { createLedgerClient, type LedgerClient } from '../../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER } from '../support/testNode.js';

const ABI = [
  {
    type: 'function',
    name: 'registryType',
    stateMutability: 'pure',
    inputs: [],
    outputs: [{ name: '', type: 'bytes32' }],
  },
] as const;
const NOBODY = '0x00000000000000000000000000000000000000aa';
/** The sha256 precompile answers any call with 32 bytes: a bytes32 view that always succeeds. */
const SHA256 = '0x0000000000000000000000000000000000000002';
const DIGEST = sha256(toFunctionSelector('registryType()'));

let ledger: EmbeddedLedger;
let client: LedgerClient;
beforeAll(async () => {
  ledger = new EmbeddedLedger({
    dataDir: createDataDir(),
    chainId: 2026,
    blockTime: 0.2,
    logger: SILENT_LOGGER,
  });
  await ledger.start();
  client = createLedgerClient({ url: ledger.url });
});
afterAll(async () => {
  await client.close();
  await ledger.stop();
});

describe('createChainReader', () => {
  test('behavior: identical reads at one block hit the ledger once; reads of one tick share a batch', async () => {
    const send = vi.spyOn(client, 'send');
    const chain = createChainReader({
      ledger: client,
      heads: createHeadTracker({ ledger: client }),
    });
    const reader = await chain.latest();
    const calls = () => ({ address: NOBODY, abi: ABI, functionName: 'registryType' }) as const;
    // No contract at the address: eth_call returns 0x, a revert without data.
    const results = await Promise.allSettled([
      reader.read(calls()),
      reader.read(calls()),
      reader.read({ ...calls(), address: '0x00000000000000000000000000000000000000bb' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(chain.stats).toMatchObject({ calls: 2, batches: 1, hits: 1 });
    expect(send.mock.calls.filter(([batch]) => batch[0]?.method === 'eth_call')).toHaveLength(1);
    send.mockRestore();
  });

  test('behavior: a later block starts a fresh cache', async () => {
    const chain = createChainReader({
      ledger: client,
      heads: createHeadTracker({ ledger: client }),
    });
    const first = await chain.latest();
    await first
      .read({ address: NOBODY, abi: ABI, functionName: 'registryType' })
      .catch(() => undefined);
    let second = await chain.latest();
    while (second.blockNumber === first.blockNumber) second = await chain.latest();
    await second
      .read({ address: NOBODY, abi: ABI, functionName: 'registryType' })
      .catch(() => undefined);
    expect(chain.stats.calls).toBe(2);
  });

  test('behavior: a reader whose block the ledger no longer keeps moves to the new head', async () => {
    const chain = createChainReader({
      ledger: client,
      heads: createHeadTracker({ ledger: client }),
    });
    const reader = await chain.latest();
    const pinned = { number: reader.blockNumber, hash: reader.blockHash };
    // The embedded ledger keeps the head's state only: a transaction and its block replace it.
    const account = privateKeyToAccount(generatePrivateKey());
    const raw = await account.signTransaction({
      chainId: 2026,
      type: 'eip1559',
      nonce: 0,
      to: account.address,
      gas: 21_000n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    });
    await client.request('eth_sendRawTransaction', [raw]);
    await vi.waitFor(
      async () =>
        expect(BigInt(await client.request('eth_blockNumber'))).toBeGreaterThan(pinned.number),
      { timeout: 10_000 },
    );
    const call = { to: SHA256, data: toFunctionSelector('registryType()') };
    await expect(
      client.request('eth_call', [call, { blockHash: pinned.hash }]),
    ).rejects.toBeInstanceOf(BlockStateGoneError);

    const value = await reader.read({ address: SHA256, abi: ABI, functionName: 'registryType' });
    expect(value).toBe(DIGEST);
    expect(reader.blockNumber).toBeGreaterThan(pinned.number);
    expect(reader.blockHash).not.toBe(pinned.hash);
  });

  describe('reads that follow the head', () => {
    const digest = { address: SHA256, abi: ABI, functionName: 'registryType' } as const;
    const ethCalls = (send: { mock: { calls: [readonly { method: string }[]][] } }) =>
      send.mock.calls.filter(([batch]) => batch.some((call) => call.method === 'eth_call')).length;

    /** A chain reader on a live `newHeads` subscription, after one request read `digest`. */
    async function readOnce(windowMs = 60_000) {
      const heads = createHeadTracker({
        ledger: client,
        subscriptionUrl: ledger.url.replace(/^http/, 'ws'),
      });
      await vi.waitFor(() => expect(heads.live).toBe(true), { timeout: 20_000 });
      const chain = createChainReader({ ledger: client, heads, hotReads: { keys: 32, windowMs } });
      expect(await (await chain.latest()).read(digest)).toBe(DIGEST);
      return { heads, chain };
    }

    /** Makes blocks, then waits until the embedded ledger has made its last trailing one. */
    async function makeBlocks(): Promise<void> {
      await client.request('eth_sendRawTransaction', [await signFreeTransfer()]);
      await untilIdle();
    }

    async function untilIdle(): Promise<void> {
      let last = '';
      for (;;) {
        const head = await client.request<string>('eth_blockNumber');
        if (head === last) return;
        last = head;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }

    test('behavior: a call a request read is read again at each announced head; the first read there makes no call', async () => {
      const { heads, chain } = await readOnce();
      const send = vi.spyOn(client, 'send');
      try {
        await makeBlocks();
        const readAhead = ethCalls(send);
        expect(readAhead).toBeGreaterThan(0);
        const reader = await chain.latest();
        expect(await reader.read(digest)).toBe(DIGEST);
        expect(ethCalls(send)).toBe(readAhead);
        expect(chain.stats).toMatchObject({ calls: 1, hits: 1 });
      } finally {
        send.mockRestore();
        heads.close();
      }
    });

    test('behavior: a call requests kept reading from the cache through a long block is read ahead, however old its first read', async () => {
      await untilIdle();
      const { heads, chain } = await readOnce(300);
      const send = vi.spyOn(client, 'send');
      try {
        const reader = await chain.latest();
        for (let i = 0; i < 6; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(await reader.read(digest)).toBe(DIGEST);
        }
        expect((await chain.latest()).blockHash).toBe(reader.blockHash);
        expect(ethCalls(send)).toBe(0);
        await makeBlocks();
        expect(ethCalls(send)).toBeGreaterThan(0);
      } finally {
        send.mockRestore();
        heads.close();
      }
    });

    test('behavior: a call whose reading ahead failed is read when a request asks', async () => {
      const { heads, chain } = await readOnce();
      const send = vi
        .spyOn(client, 'send')
        .mockRejectedValue(new LedgerUnavailableError({ cause: 'injected' }));
      try {
        await makeBlocks();
        expect(ethCalls(send)).toBeGreaterThan(0);
      } finally {
        send.mockRestore();
      }
      try {
        const reader = await chain.latest();
        expect(await reader.read(digest)).toBe(DIGEST);
        expect(chain.stats.calls).toBe(2);
      } finally {
        heads.close();
      }
    });

    /**
     * Holds the reader's `eth_call` batches (a hung ledger) until `fail` rejects them all with
     * `error`; other batches pass.
     */
    function holdCalls() {
      const held: ((error: unknown) => void)[] = [];
      const original = client.send.bind(client);
      const send = vi.spyOn(client, 'send').mockImplementation((batch) => {
        if (!batch.some((call) => call.method === 'eth_call')) return original(batch);
        return new Promise((_, reject) => held.push(reject));
      });
      return {
        send,
        fail(error: unknown) {
          for (const reject of held.splice(0)) reject(error);
        },
      };
    }

    /** A request at the newest head, waiting on a call read ahead that the ledger holds. */
    async function requestOnHeldReadAhead() {
      const { heads, chain } = await readOnce();
      const held = holdCalls();
      await makeBlocks();
      const readAhead = ethCalls(held.send);
      const answer = (await chain.latest()).read(digest);
      answer.catch(() => undefined);
      return { ...held, heads, chain, readAhead, answer };
    }

    test('error: a request that waited on a call read ahead while the ledger hung gets that failure, without a second call', async () => {
      const { heads, send, fail, readAhead, answer } = await requestOnHeldReadAhead();
      try {
        expect(readAhead).toBeGreaterThan(0);
        fail(new LedgerUnavailableError({ cause: 'timed out' }));
        await expect(answer).rejects.toBeInstanceOf(LedgerUnavailableError);
        expect(ethCalls(send)).toBe(readAhead);
      } finally {
        send.mockRestore();
        heads.close();
      }
    });

    test('behavior: a request that waited on a call read ahead whose block was replaced reads at the new head', async () => {
      const { heads, chain, send, fail, readAhead, answer } = await requestOnHeldReadAhead();
      try {
        expect(readAhead).toBeGreaterThan(0);
        send.mockRestore();
        fail(new BlockStateGoneError({ cause: 'injected' }));
        expect(await answer).toBe(DIGEST);
        expect(chain.stats.calls).toBe(2);
      } finally {
        send.mockRestore();
        heads.close();
      }
    });

    test('behavior: a revert read ahead answers the request as the revert of its block', async () => {
      const { heads, chain } = await readOnce();
      const reverting = { address: NOBODY, abi: ABI, functionName: 'registryType' } as const;
      await expect((await chain.latest()).read(reverting)).rejects.toBeInstanceOf(
        ContractRevertError,
      );
      const send = vi.spyOn(client, 'send');
      try {
        await makeBlocks();
        const readAhead = ethCalls(send);
        await expect((await chain.latest()).read(reverting)).rejects.toBeInstanceOf(
          ContractRevertError,
        );
        expect(ethCalls(send)).toBe(readAhead);
        expect(chain.stats.calls).toBe(2);
      } finally {
        send.mockRestore();
        heads.close();
      }
    });

    test('behavior: with `keys: 0` nothing is read ahead', async () => {
      const heads = createHeadTracker({
        ledger: client,
        subscriptionUrl: ledger.url.replace(/^http/, 'ws'),
      });
      const send = vi.spyOn(client, 'send');
      try {
        await vi.waitFor(() => expect(heads.live).toBe(true), { timeout: 20_000 });
        const chain = createChainReader({
          ledger: client,
          heads,
          hotReads: { keys: 0, windowMs: 60_000 },
        });
        expect(await (await chain.latest()).read(digest)).toBe(DIGEST);
        await makeBlocks();
        expect(ethCalls(send)).toBe(1);
        expect(await (await chain.latest()).read(digest)).toBe(DIGEST);
        expect(chain.stats.calls).toBe(2);
      } finally {
        send.mockRestore();
        heads.close();
      }
    });
  });
});
