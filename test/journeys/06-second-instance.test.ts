import { type Address, type Hex, keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CommitAndRevealReturnType,
  type CoreClient,
  commitAndReveal,
  createCoreClient,
  LedgerRpcError,
  requestToken,
  writeContract,
} from '../../src/client/index.js';
import { createHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  type Collection,
  operatorWriter,
  registerDid,
  type Writer,
  writeAndWait,
} from './support567.js';

/**
 * Journey 6 (end to end over HTTP, real embedded ledger): the operator deploys a second Timestamp
 * instance (the one step that touches the ledger directly, as an operator command) and sets up a
 * hash algorithm in both instances through the API; A, onboarded through the API, timestamps a
 * hash on the second instance with a suffixed token. Reads with `contractAddress` show it, the
 * default instance does not, and each token opens only its own instance.
 */

type Details = { contractAddress: Address; policyRegistryContract: Address };
type Deployment = { address: Address; deployerDid: string; templateId: Hex; isActive: boolean };
type Timestamp = {
  timestampId: string;
  hashAlgorithmId: number;
  timestampedBy: Address;
  transactionHash: Hex | null;
};

let node: TestNode;
let client: CoreClient;
let operator: Writer;
let holder: TestHolder;
let defaults: Details;
let second: Address;
let secondAlgorithm: number;
let holderToken: { accessToken: string; scope: string };
let timestamped: CommitAndRevealReturnType;
const hash = keccak256(toHex(`journey 6 ${Date.now()}`));
const SHA_256 = [256n, 'sha-256', '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'] as const;

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  const op = await operatorOf(node);
  operator = operatorWriter(op);
  defaults = await client.get<Details>('/v1/timestamp/details');
  // The operator command: deploy through the Contracts Registry, with the default's policies.
  second = await op.deployInstance('timestamp', [defaults.policyRegistryContract]);

  // A scope may appear once per token, so the operator holds one token per instance.
  const [defaultToken, secondToken] = await Promise.all(
    ['openid timestamp:write', `openid timestamp:write:${second}`].map((scope) =>
      requestToken({ baseUrl: node.url, scope, holder: operator }),
    ),
  );
  const insertAlgorithm = (accessToken: string, contractAddress?: Address) =>
    writeAndWait(client, {
      registry: 'timestamp',
      functionName: 'insertHashAlgorithm',
      args: SHA_256,
      account: operator.account,
      accessToken,
      ...(contractAddress ? { contractAddress } : {}),
    });
  await insertAlgorithm(defaultToken?.accessToken as string);
  await insertAlgorithm(secondToken?.accessToken as string, second);

  holder = await createHolder();
  await registerDid(client, operator, holder);
  holderToken = await requestToken({
    baseUrl: node.url,
    scope: `openid timestamp:write:${second}`,
    holder,
  });
  const algorithms = await client.get<Collection<{ hashAlgorithmId: number }>>(
    `/v1/timestamp/hash-algorithms?contractAddress=${second}`,
  );
  secondAlgorithm = algorithms.items[0]?.hashAlgorithmId as number;
  timestamped = await commitAndReveal(client, {
    registry: 'timestamp',
    functionName: 'timestampHashes',
    args: [[BigInt(secondAlgorithm)], [hash], ['0x']],
    account: holder.account,
    accessToken: holderToken.accessToken,
    contractAddress: second,
  });
});
afterAll(() => node.close());

describe('journey 6: a second Timestamp instance, written with a suffixed token', () => {
  test('default: the second instance is registered from the same template, with the default’s policies', async () => {
    const [mine, theirs] = await Promise.all([
      client.get<Deployment>(`/v1/contracts-registry/contracts/${second}`),
      client.get<Deployment>(`/v1/contracts-registry/contracts/${defaults.contractAddress}`),
    ]);
    expect(mine).toMatchObject({
      address: second,
      deployerDid: operator.did,
      templateId: theirs.templateId,
      isActive: true,
    });
    expect(await client.get(`/v1/timestamp/details?contractAddress=${second}`)).toEqual({
      contractAddress: second,
      policyRegistryContract: defaults.policyRegistryContract,
    });
  });

  test('behavior: the operator’s hash algorithm, inserted through the API, is in both instances', async () => {
    for (const query of ['', `?contractAddress=${second}`]) {
      const { items } = await client.get<Collection<{ hashAlgorithmId: number; href: string }>>(
        `/v1/timestamp/hash-algorithms${query}`,
      );
      const last = items.at(-1);
      expect(last?.href).toBe(
        `${node.url}/v1/timestamp/hash-algorithms/${last?.hashAlgorithmId}${query}`,
      );
      expect(await client.get(last?.href as string)).toMatchObject({
        ianaName: 'sha-256',
        multihash: 'sha2-256',
        outputLengthBits: 256,
      });
    }
  });

  test('behavior: A’s suffixed token commits and reveals on the second instance', () => {
    expect(holderToken.scope).toBe(`openid timestamp:write:${second}`);
    expect(timestamped.commit.status).toBe('0x1');
    expect(timestamped.reveal.status).toBe('0x1');
    expect(
      BigInt(timestamped.reveal.blockNumber) - BigInt(timestamped.commit.blockNumber),
    ).toBeGreaterThanOrEqual(5n);
  });

  test('behavior: /timestamps?contractAddress=<second> lists it, its links keep the address', async () => {
    const list = await client.get<Collection<{ timestampId: string; href: string }>>(
      `/v1/timestamp/timestamps?contractAddress=${second}`,
    );
    expect(list.total).toBe(1);
    for (const link of [list.self, ...Object.values(list.links)]) {
      expect(new URL(link).searchParams.get('contractAddress')).toBe(second);
    }
    const [item] = list.items;
    expect(item?.href).toBe(
      `${node.url}/v1/timestamp/timestamps/${item?.timestampId}?contractAddress=${second}`,
    );
    expect(await client.get<Timestamp>(item?.href as string)).toMatchObject({
      timestampId: item?.timestampId,
      hashAlgorithmId: secondAlgorithm,
      timestampedBy: holder.address,
      transactionHash: timestamped.reveal.transactionHash,
    });
  });

  test('behavior: the default instance does not show it', async () => {
    const [inSecond, inDefault] = await Promise.all([
      client.get<Collection<{ timestampId: string }>>(
        `/v1/timestamp/timestamps?contractAddress=${second}`,
      ),
      client.get<Collection<{ timestampId: string }>>('/v1/timestamp/timestamps'),
    ]);
    const id = inSecond.items[0]?.timestampId as string;
    expect(inDefault.items.map((item) => item.timestampId)).not.toContain(id);
    expect(inDefault.total).toBe(0);
    const missing = await fetch(`${node.url}/v1/timestamp/timestamps/${id}`);
    expect(missing.status).toBe(404);
  });

  test('error: the suffixed token does not open the default instance (-32600 naming the scope)', async () => {
    const attempt = writeContract(client, {
      registry: 'timestamp',
      functionName: 'commitTimestampHashes',
      args: [keccak256(toHex('default'))],
      account: holder.account,
      accessToken: holderToken.accessToken,
    });
    await expect(attempt).rejects.toBeInstanceOf(LedgerRpcError);
    await expect(attempt).rejects.toMatchObject({
      code: -32600,
      message: `eth_sendRawTransaction: Missing scope: "timestamp:write" for ${defaults.contractAddress} is needed to call "commitTimestampHashes"`,
    });
  });

  test('error: an unsuffixed token does not open the second instance', async () => {
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: 'openid timestamp:write',
      holder,
    });
    const attempt = writeContract(client, {
      registry: 'timestamp',
      functionName: 'commitTimestampHashes',
      args: [keccak256(toHex('second'))],
      account: holder.account,
      accessToken,
      contractAddress: second,
    });
    await expect(attempt).rejects.toMatchObject({
      name: 'LedgerRpcError',
      code: -32600,
      message: `eth_sendRawTransaction: Missing scope: "timestamp:write" for ${second} is needed to call "commitTimestampHashes"`,
    });
  });
});
