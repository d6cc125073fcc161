import type { Address, TransactionReceipt } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCoreClient, type DidHistoryEntry, getDidHistory } from '../../src/client/index.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { connectTestChain } from '../support/chain.js';
import {
  createHolder,
  registerHolder,
  rollHolderKey,
  type TestHolder,
} from '../support/holders.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

// A DID's history through the SDK, over a real node's /v1/ledger on the worker's ledger.

let node: TestNode;
let chain: ReturnType<typeof connectTestChain>;
let registry: Address;
let holder: TestHolder;
let other: TestHolder;
let rolled: TestHolder;
let receipts: TransactionReceipt[];
const abi = REGISTRIES['did-registry'].abi;
const BASE = '{"@context":["https://www.w3.org/ns/did/v1"],"service":[]}';

beforeAll(async () => {
  node = await startTestNode();
  chain = connectTestChain(node.ledger.url);
  registry = node.environment.registries['did-registry'];
  [holder, other, rolled] = await Promise.all([createHolder(), createHolder(), createHolder()]);
  await registerHolder(chain, registry, other);
  await registerHolder(chain, registry, holder);
  const write = (functionName: 'updateBaseDocument' | 'addController', args: [string, string]) =>
    chain.write(holder.account, { address: registry, abi, functionName, args });
  receipts = [
    await write('updateBaseDocument', [holder.did, BASE]),
    await write('addController', [holder.did, other.did]),
    await rollHolderKey(chain, registry, holder, rolled, 1n),
  ];
});
afterAll(() => node.close());

/** What a test compares: each change's name, its DID-specific arguments and its block. */
const summary = (history: readonly DidHistoryEntry[]) =>
  history.map(({ eventName, args, blockNumber }) => ({ eventName, args, blockNumber }));

describe('getDidHistory', () => {
  test('default: every change of the DID, oldest first, with its block, transaction and time', async () => {
    const client = createCoreClient({ baseUrl: node.url });
    const history = await getDidHistory(client, { did: holder.did });
    expect(history.map((change) => change.eventName)).toEqual([
      'DidDocumentInserted',
      'BaseDocumentUpdated',
      'ControllerAdded',
      'VerificationMethodRolled',
    ]);
    const [inserted, based, controlled, roll] = history as [
      DidHistoryEntry,
      DidHistoryEntry,
      DidHistoryEntry,
      DidHistoryEntry,
    ];
    expect(inserted.args).toMatchObject({ did: holder.did, vMethodId: holder.vMethodId });
    expect(based.args).toMatchObject({ baseDocument: BASE });
    expect(controlled.args).toMatchObject({ controller: other.did });
    expect(roll.args).toMatchObject({
      vMethodId: rolled.vMethodId,
      oldVMethodId: holder.vMethodId,
      notAfter: 2n ** 40n,
    });
    for (const [i, receipt] of receipts.entries()) {
      const change = history[i + 1] as DidHistoryEntry;
      expect([change.blockNumber, change.transactionHash]).toEqual([
        receipt.blockNumber,
        receipt.transactionHash,
      ]);
      const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
      expect(change.timestamp).toBe(block.timestamp);
    }
  });

  test('behavior: changes of other DIDs are not included; a DID never registered has no history', async () => {
    const client = createCoreClient({ baseUrl: node.url });
    const history = await getDidHistory(client, { did: other.did });
    expect(history.map((change) => change.eventName)).toEqual(['DidDocumentInserted']);
    expect(await getDidHistory(client, { did: rolled.did })).toEqual([]);
  });

  test('behavior: a ledger that limits the blocks of a query is read in windows, back to the registration only', async () => {
    // Besu refuses an eth_getLogs wider than its --rpc-max-logs-range with -32005: the same
    // refusal, in front of the real node, for ranges wider than one block.
    const ranges: bigint[][] = [];
    const limited: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body ?? 'null'));
      const entries: {
        id: number;
        method: string;
        params: [{ fromBlock: string; toBlock: string }];
      }[] = Array.isArray(body) ? body : [body];
      const wide = entries.find((entry) => {
        if (entry?.method !== 'eth_getLogs') return false;
        const { fromBlock, toBlock } = entry.params[0];
        ranges.push([BigInt(fromBlock), BigInt(toBlock)]);
        return BigInt(toBlock) > BigInt(fromBlock);
      });
      if (wide === undefined) return fetch(input, init);
      const error = { code: -32005, message: 'Requested range exceeds maximum range limit' };
      return Response.json({ jsonrpc: '2.0', id: wide.id, error });
    };
    const client = createCoreClient({ baseUrl: node.url, fetch: limited });
    const windowed = await getDidHistory(client, { did: holder.did, logWindow: 1n });
    const whole = await getDidHistory(createCoreClient({ baseUrl: node.url }), { did: holder.did });
    expect(summary(windowed)).toEqual(summary(whole));
    // The whole chain was asked first; then one batch of 50 one-block windows, from the head
    // back past the registration, and no further.
    const [[, head = 0n] = [], ...windows] = ranges;
    expect(head - (whole[0]?.blockNumber as bigint)).toBeLessThan(50n);
    expect(windows).toHaveLength(50);
    expect(windows.map(([from]) => head - (from as bigint))).toEqual(
      [...Array(50).keys()].map(BigInt),
    );
  });
});
