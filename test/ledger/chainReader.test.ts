import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createChainReader } from '../../src/ledger/createChainReader.js';
import { createHeadTracker } from '../../src/ledger/createHeadTracker.js';
import { createLedgerClient, type LedgerClient } from '../../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
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
});
