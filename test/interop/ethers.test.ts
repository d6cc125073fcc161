import {
  Contract,
  type ContractRunner,
  FetchRequest,
  hexlify,
  type InterfaceAbi,
  isCallException,
  JsonRpcProvider,
  NonceManager,
  randomBytes,
  Transaction,
  Wallet,
} from 'ethers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type InteropNode, startInteropNode } from './interopNode.js';

/** ethers v6 against `/v1/ledger`, as an integrator would use it: defaults everywhere. */
let net: InteropNode;
let provider: JsonRpcProvider;

beforeAll(async () => {
  net = await startInteropNode();
  provider = new JsonRpcProvider(net.rpcUrl);
});
afterAll(async () => {
  provider.destroy();
  await net.close();
});

/**
 * A provider whose requests carry the writer's Bearer token. `staticNetwork` only spares the
 * `eth_chainId` round trip ethers makes before each call.
 */
function authorised(token: string): JsonRpcProvider {
  const request = new FetchRequest(net.rpcUrl);
  request.setHeader('Authorization', `Bearer ${token}`);
  return new JsonRpcProvider(request, undefined, { staticNetwork: true, pollingInterval: 100 });
}

const randomHash = () => hexlify(randomBytes(32));
/** The Timestamp registry as its served ABI describes it. */
const timestampOf = (runner: ContractRunner) =>
  new Contract(net.timestamp.address, net.timestamp.abi as InterfaceAbi, runner);

describe('ethers JsonRpcProvider', () => {
  test('default: network detection, blocks, a view call with the served ABI', async () => {
    expect((await provider.getNetwork()).chainId).toBe(BigInt(net.chainId));
    const block = await provider.getBlock('latest');
    expect(block?.number).toBeGreaterThan(0);
    expect(block?.baseFeePerGas).toBe(0n);
    const timestamp = timestampOf(provider);
    expect(await timestamp.getFunction('TIMESTAMP_COMMITMENT_MATURITY')()).toBe(5n);
  });

  test('behavior: fee data of a gas-free network', async () => {
    const fees = await provider.getFeeData();
    expect(fees.gasPrice).toBe(0n);
    expect(fees.maxPriorityFeePerGas).toBeNull();
    expect(await provider.send('eth_maxPriorityFeePerGas', [])).toBe('0x0');
  });

  test('behavior: revert data is decoded to the custom error', async () => {
    const timestamp = timestampOf(provider);
    const id = randomHash();
    const error = await timestamp
      .getFunction('getTimestamp')(id)
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(isCallException(error)).toBe(true);
    expect(isCallException(error) && error.revert).toEqual({
      name: 'TimestampNotFound',
      signature: 'TimestampNotFound(bytes32)',
      args: [id],
    });
  });

  test('behavior: concurrent calls travel as one JSON-RPC batch', async () => {
    const payloads: unknown[] = [];
    const batching = new JsonRpcProvider(net.rpcUrl, undefined, {
      staticNetwork: true,
      pollingInterval: 100,
    });
    batching.on('debug', (event: { action: string; payload?: unknown }) => {
      if (event.action === 'sendRpcPayload') payloads.push(event.payload);
    });
    const addresses = Array.from({ length: 8 }, () => Wallet.createRandom().address);
    const counts = await Promise.all(addresses.map((a) => batching.getTransactionCount(a)));
    batching.destroy();
    expect(counts).toEqual(addresses.map(() => 0));
    const batched = payloads.find(Array.isArray) as { method: string }[] | undefined;
    expect(batched?.filter(({ method }) => method === 'eth_getTransactionCount')).toHaveLength(8);
  });
});

describe('ethers Wallet writes through a Bearer token', () => {
  test('default: 200 writes in a row with the default fee logic, none refused', async () => {
    const writer = await net.newWriter();
    const signer = authorised(writer.token);
    const wallet = new NonceManager(new Wallet(writer.privateKey, signer));
    const timestamp = timestampOf(wallet);
    const commit = timestamp.getFunction('commitTimestampHashes');
    const sent = [];
    for (let i = 0; i < 200; i++) sent.push(await commit(randomHash()));
    // ethers picks legacy (type 0) on a chain whose base fee is zero.
    expect(new Set(sent.map((tx) => tx.type))).toEqual(new Set([0]));
    const receipts = await Promise.all(sent.map((tx) => tx.wait()));
    expect(receipts.map((receipt) => receipt?.status)).toEqual(sent.map(() => 1));
    expect(await provider.getBalance(writer.address)).toBe(0n);
    signer.destroy();
  }, 120_000);

  test('behavior: an EIP-1559 write with ethers filling the fees', async () => {
    const writer = await net.newWriter();
    const signer = authorised(writer.token);
    const timestamp = timestampOf(new Wallet(writer.privateKey, signer));
    const tx = await timestamp.getFunction('commitTimestampHashes')(randomHash(), { type: 2 });
    expect(Transaction.from(tx).type).toBe(2);
    expect((await tx.wait())?.status).toBe(1);
    signer.destroy();
  });

  test("error: a write without the token is refused with the gate's reason", async () => {
    const writer = await net.newWriter();
    const timestamp = timestampOf(new Wallet(writer.privateKey, provider));
    await expect(timestamp.getFunction('commitTimestampHashes')(randomHash())).rejects.toThrow(
      /Missing access token/,
    );
  });
});
