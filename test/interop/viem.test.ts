import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  keccak256,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type InteropNode, startInteropNode } from './interopNode.js';

/** viem against `/v1/ledger` with its defaults: fee estimation, gas estimation, nonce. */
let net: InteropNode;

beforeAll(async () => {
  net = await startInteropNode();
});
afterAll(() => net.close());

const chainOf = (node: InteropNode) =>
  defineChain({
    id: node.chainId,
    name: 'core-registry',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
const randomHash = () => keccak256(toHex(crypto.getRandomValues(new Uint8Array(32))));

describe('viem', () => {
  test('default: writeContract with default fee estimation and a zero-balance account', async () => {
    const writer = await net.newWriter();
    const chain = chainOf(net);
    const wallet = createWalletClient({
      account: privateKeyToAccount(writer.privateKey),
      chain,
      transport: http(net.rpcUrl, {
        fetchOptions: { headers: { Authorization: `Bearer ${writer.token}` } },
      }),
    });
    const client = createPublicClient({ chain, transport: http(net.rpcUrl), pollingInterval: 100 });
    expect(await client.getBalance({ address: writer.address })).toBe(0n);
    expect(await client.estimateFeesPerGas()).toEqual({
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    });

    const hash = await wallet.writeContract({
      address: net.timestamp.address,
      abi: net.timestamp.abi,
      functionName: 'commitTimestampHashes',
      args: [randomHash()],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect((await client.getTransaction({ hash })).type).toBe('eip1559');
  });

  test('behavior: readContract decodes the custom error', async () => {
    const client = createPublicClient({ chain: chainOf(net), transport: http(net.rpcUrl) });
    const id = randomHash();
    const error = await client
      .readContract({
        address: net.timestamp.address,
        abi: net.timestamp.abi,
        functionName: 'getTimestamp',
        args: [id],
      })
      .catch((reason: unknown) => reason);
    const reverted =
      error instanceof BaseError
        ? error.walk((e) => e instanceof ContractFunctionRevertedError)
        : null;
    expect(reverted instanceof ContractFunctionRevertedError && reverted.data).toEqual({
      abiItem: expect.objectContaining({ name: 'TimestampNotFound' }),
      errorName: 'TimestampNotFound',
      args: [id],
    });
  });
});
