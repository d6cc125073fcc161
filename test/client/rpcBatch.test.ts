import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CoreClient, createCoreClient, LedgerRpcError } from '../../src/client/index.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
let client: CoreClient;
/** How many requests this test's client POSTed. */
let posts = 0;

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({
    baseUrl: node.url,
    fetch: (input, init) => {
      if (init?.method === 'POST') posts++;
      return fetch(input, init);
    },
  });
});
afterAll(() => node.close());

describe('client.rpcBatch', () => {
  test('default: one request, results in request order, a refused entry as its failure', async () => {
    const from = posts;
    const [chainId, unknown, block] = await client.rpcBatch([
      { method: 'eth_chainId', params: [] },
      { method: 'eth_noSuchMethod', params: [] },
      { method: 'eth_blockNumber', params: [] },
    ]);
    expect(posts).toBe(from + 1);
    expect(chainId).toEqual({
      status: 'success',
      result: `0x${(await client.chainId()).toString(16)}`,
    });
    expect(block).toMatchObject({ status: 'success', result: expect.stringMatching(/^0x/) });
    expect(unknown?.status).toBe('failure');
    const error = unknown?.status === 'failure' ? unknown.error : undefined;
    expect(error).toBeInstanceOf(LedgerRpcError);
    expect(error).toMatchObject({
      code: -32601,
      message:
        'eth_noSuchMethod: Method not found: "eth_noSuchMethod" does not exist or is not available',
    });
  });

  test('error: the node refusing the whole batch is a LedgerRpcError', async () => {
    const requests = Array.from({ length: 1025 }, () => ({ method: 'eth_chainId', params: [] }));
    await expect(client.rpcBatch(requests)).rejects.toMatchObject({
      name: 'LedgerRpcError',
      code: -32005,
      message: 'batch: Number of requests exceeds max batch size (1024)',
    });
  });

  test('error: an empty batch is a TypeError', async () => {
    await expect(client.rpcBatch([])).rejects.toThrow(
      new TypeError('"requests" must hold at least one request'),
    );
  });
});
