import { randomBytes } from 'node:crypto';
import { type Address, type Hex, keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  createCoreClient,
  type Receipt,
  requestToken,
  waitForReceipt,
} from '../../src/client/index.js';
import { createHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  type Collection,
  callView,
  operatorWriter,
  registerDid,
  sendRawBatch,
  signRegistryCall,
  writeAndWait,
} from './support567.js';

/**
 * Journey 7 (end to end over HTTP, real embedded ledger): A, onboarded through the API, obtains
 * ONE token combining `did-registry:write` and `timestamp:write` and sends ONE JSON-RPC batch to
 * `POST /v1/ledger` holding a DID Registry write (`updateBaseDocument`) and a Timestamp write
 * (`commitTimestampHashes`), signed locally with consecutive nonces. The gate routes each entry
 * to its registry and finds its scope in the same token; both are mined; the reads show them.
 */

const COMBINED = 'openid did-registry:write timestamp:write';
/** The reveal leg the batch commits to: `timestampHashes(uint256[],bytes[],bytes[],bytes32)`. */
const REVEAL_INPUTS = ['uint256[]', 'bytes[]', 'bytes[]', 'bytes32'] as const;

let node: TestNode;
let client: CoreClient;
let holder: TestHolder;
let token: { accessToken: string; scope: string };
let algorithm: number;

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  const operator = operatorWriter(await operatorOf(node));
  const { accessToken } = await requestToken({
    baseUrl: node.url,
    scope: 'openid timestamp:write',
    holder: operator,
  });
  await writeAndWait(client, {
    registry: 'timestamp',
    functionName: 'insertHashAlgorithm',
    args: [256n, 'sha-256', '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'],
    account: operator.account,
    accessToken,
  });
  const algorithms = await client.get<Collection<{ hashAlgorithmId: number }>>(
    '/v1/timestamp/hash-algorithms',
  );
  algorithm = algorithms.items.at(-1)?.hashAlgorithmId as number;
  holder = await createHolder();
  await registerDid(client, operator, holder);
  token = await requestToken({ baseUrl: node.url, scope: COMBINED, holder });
});
afterAll(() => node.close());

const pendingNonce = async (address: Address) =>
  Number(await client.rpc<Hex>('eth_getTransactionCount', [address, 'pending']));

async function waitForBlock(blockNumber: bigint): Promise<void> {
  while (BigInt(await client.rpc<Hex>('eth_blockNumber', [])) < blockNumber) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('journey 7: one combined token, one batch, two registries', () => {
  test('default: updateBaseDocument and commitTimestampHashes in one batch are both mined', async () => {
    expect(token.scope).toBe(COMBINED);
    const baseDocument = JSON.stringify({
      '@context': ['https://www.w3.org/ns/did/v1'],
      service: [
        {
          id: `${holder.did}#journey-7`,
          type: 'LinkedDomains',
          serviceEndpoint: 'https://journey-7.example.org',
        },
      ],
    });
    const revealArgs = [
      [BigInt(algorithm)],
      [keccak256(toHex(`journey 7 ${Date.now()}`))],
      ['0x'],
    ] as const;
    const salt = toHex(randomBytes(32));
    const commitment = await callView<Hex>(client, 'timestamp', {
      functionName: 'computeTimestampCommitment',
      inputs: ['address', ...REVEAL_INPUTS],
      args: [holder.address, ...revealArgs, salt],
    });

    const nonce = await pendingNonce(holder.address);
    const raws = [
      await signRegistryCall(client, holder.account, {
        registry: 'did-registry',
        functionName: 'updateBaseDocument',
        args: [holder.did, baseDocument],
        nonce,
      }),
      await signRegistryCall(client, holder.account, {
        registry: 'timestamp',
        functionName: 'commitTimestampHashes',
        args: [commitment],
        nonce: nonce + 1,
      }),
    ];
    const { status, entries } = await sendRawBatch(client, token.accessToken, raws);
    expect(status).toBe(200);
    expect(entries).toEqual([
      { jsonrpc: '2.0', id: 1, result: keccak256(raws[0] as Hex) },
      { jsonrpc: '2.0', id: 2, result: keccak256(raws[1] as Hex) },
    ]);
    const [didReceipt, commitReceipt] = (await Promise.all(
      entries.map(({ result }) => waitForReceipt(client, { hash: result as Hex })),
    )) as [Receipt, Receipt];
    expect(didReceipt.status).toBe('0x1');
    expect(commitReceipt.status).toBe('0x1');

    // The DID read shows the new base document's member beside the registry's own members.
    const document = await client.get<Record<string, unknown>>(
      `/v1/did-registry/identifiers/${holder.did}`,
    );
    expect(document).toMatchObject({
      id: holder.did,
      controller: [holder.did],
      capabilityInvocation: [holder.kid],
      service: JSON.parse(baseDocument).service,
    });

    // The commitment is real: once mature, the same token reveals it and the read shows it.
    const maturity = await callView<bigint>(client, 'timestamp', {
      functionName: 'TIMESTAMP_COMMITMENT_MATURITY',
      inputs: [],
      args: [],
    });
    await waitForBlock(BigInt(commitReceipt.blockNumber) + maturity);
    const reveal = await writeAndWait(client, {
      registry: 'timestamp',
      functionName: 'timestampHashes',
      args: [...revealArgs, salt],
      account: holder.account,
      accessToken: token.accessToken,
    });
    expect(reveal.status).toBe('0x1');
    const timestamps = await client.get<Collection<{ href: string }>>('/v1/timestamp/timestamps');
    expect(timestamps.total).toBe(1);
    expect(await client.get(timestamps.items[0]?.href as string)).toMatchObject({
      hashAlgorithmId: algorithm,
      timestampedBy: holder.address,
      transactionHash: reveal.transactionHash,
    });
  });

  test('error: in such a batch, an entry outside both scopes is refused alone, naming its scope', async () => {
    const nonce = await pendingNonce(holder.address);
    const { contractAddress: schemas } = await client.abi('schemas-registry');
    const raws = [
      await signRegistryCall(client, holder.account, {
        registry: 'timestamp',
        functionName: 'commitTimestampHashes',
        args: [keccak256(toHex('journey 7 again'))],
        nonce,
      }),
      await signRegistryCall(client, holder.account, {
        registry: 'schemas-registry',
        functionName: 'insertSchema',
        args: [keccak256('0x01'), '0x01', '0x01'],
        nonce: nonce + 1,
      }),
    ];
    const { entries } = await sendRawBatch(client, token.accessToken, raws);
    expect(entries).toEqual([
      { jsonrpc: '2.0', id: 1, result: keccak256(raws[0] as Hex) },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32600,
          message: `Missing scope: "schemas-registry:write" for ${schemas} is needed to call "insertSchema"`,
        },
      },
    ]);
    expect((await waitForReceipt(client, { hash: keccak256(raws[0] as Hex) })).status).toBe('0x1');
  });
});
