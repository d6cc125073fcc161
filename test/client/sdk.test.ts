import { keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  commitAndReveal,
  createCoreClient,
  createCredential,
  createDidCoreSigner,
  createDidKeySigner,
  LedgerRpcError,
  paginate,
  registerDid,
  requestToken,
  TransactionRevertedError,
  waitForReceipt,
  writeContract,
} from '../../src/client/index.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
let client: CoreClient;
let holder: TestHolder;
let token: string;
let op: OperatorFixture;

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  await op.write({
    address: node.environment.registries.timestamp,
    abi: REGISTRIES.timestamp.abi,
    functionName: 'insertHashAlgorithm',
    args: [256n, 'sha-256', '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'],
  });
  holder = await createHolder();
  await registerHolder(op.chain, node.environment.registries['did-registry'], holder);
  client = createCoreClient({ baseUrl: node.url });
  ({ accessToken: token } = await requestToken({
    baseUrl: node.url,
    scope: 'openid timestamp:write',
    holder,
  }));
});
afterAll(() => node.close());

describe('SDK writes through the public API', () => {
  test('default: commitAndReveal timestamps a hash, and the read finds it', async () => {
    const hash = keccak256(toHex(`sdk ${Date.now()}`));
    const progress: string[] = [];
    const result = await commitAndReveal(client, {
      registry: 'timestamp',
      functionName: 'timestampHashes',
      args: [[0n], [hash], ['0x']],
      account: holder.account,
      accessToken: token,
      onProgress: (message) => progress.push(message),
    });
    expect(result.reveal.status).toBe('0x1');
    expect(
      BigInt(result.reveal.blockNumber) - BigInt(result.commit.blockNumber),
    ).toBeGreaterThanOrEqual(5n);
    expect(progress.some((message) => message.startsWith('waiting for block'))).toBe(true);
    const timestamps: { timestampId: string; href: string }[] = [];
    for await (const item of paginate<{ timestampId: string; href: string }>(
      client,
      '/v1/timestamp/timestamps?page[size]=1',
    )) {
      timestamps.push(item);
    }
    expect(timestamps).toHaveLength(1);
    const read = await client.get<{ hashAlgorithmId: number; timestampedBy: string }>(
      new URL(timestamps[0]?.href as string).pathname,
    );
    expect(read).toMatchObject({ hashAlgorithmId: 0, timestampedBy: holder.address });
  });

  test('error: a refused write is a LedgerRpcError naming the missing scope', async () => {
    const attempt = writeContract(client, {
      registry: 'schemas-registry',
      functionName: 'insertSchema',
      args: [keccak256('0x01'), '0x01', '0x01'],
      account: holder.account,
      accessToken: token,
    });
    await expect(attempt).rejects.toBeInstanceOf(LedgerRpcError);
    await expect(attempt).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('Missing scope: "schemas-registry:write"'),
    });
  });

  test('error: a reverted write is a TransactionRevertedError with its custom error', async () => {
    const hash = await writeContract(client, {
      registry: 'timestamp',
      functionName: 'timestampHashes',
      args: [[0n], [keccak256('0x02')], ['0x'], keccak256('0x03')],
      account: holder.account,
      accessToken: token,
    });
    await expect(waitForReceipt(client, { hash, registry: 'timestamp' })).rejects.toMatchObject({
      name: 'TransactionRevertedError',
      errorName: 'CommitmentUnknown',
    });
    await expect(waitForReceipt(client, { hash })).rejects.toBeInstanceOf(TransactionRevertedError);
  });
});

describe('SDK identities', () => {
  test('default: registerDid onboards a new did:core through the API', async () => {
    const entity = await createDidCoreSigner();
    const { operator } = op;
    const onboardingCredential = createCredential({
      issuer: { did: operator.did, kid: operator.kid, privateKeyJwk: operator.privateKeyJwk },
      subject: entity.did,
      type: 'VerifiableAuthorisationToOnboard',
    });
    const receipt = await registerDid(client, { holder: entity, onboardingCredential });
    expect(receipt.status).toBe('0x1');
    const document = await client.get<{ id: string; capabilityInvocation: string[] }>(
      `/v1/did-registry/identifiers/${entity.did}`,
    );
    expect(document).toMatchObject({ id: entity.did, capabilityInvocation: [entity.kid] });
  });

  test('behavior: did:key signers; only secp256k1 ones sign transactions', async () => {
    const natural = await createDidKeySigner({ curve: 'P-256' });
    expect(natural.did.startsWith('did:key:z')).toBe(true);
    expect(natural.kid).toBe(`${natural.did}#${natural.did.slice('did:key:'.length)}`);
    expect(natural.account).toBeUndefined();
    expect((await createDidKeySigner()).account?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});
