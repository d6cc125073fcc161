import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type ContractWrite,
  type CoreClient,
  createCoreClient,
  createPrivateJwk,
  type DidDocument,
  jwkThumbprint,
  LedgerRpcError,
  requestToken,
  toPublicKeyHex,
  WriteContractsError,
  waitForReceipt,
  writeContractAndWait,
  writeContracts,
  writeContractsAndWait,
} from '../../src/client/index.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
let holder: TestHolder;
let token: string;
/** The JSON bodies this test's client POSTed, in order. */
const posts: unknown[] = [];
let client: CoreClient;

beforeAll(async () => {
  node = await startTestNode();
  const op = await operatorOf(node);
  holder = await createHolder();
  await registerHolder(op.chain, node.environment.registries['did-registry'], holder);
  client = createCoreClient({
    baseUrl: node.url,
    fetch: async (input, init) => {
      if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)));
      return fetch(input, init);
    },
  });
  ({ accessToken: token } = await requestToken({
    baseUrl: node.url,
    scope: 'openid did-registry:write',
    holder,
  }));
});
afterAll(() => node.close());

/** A fresh P-256 key as the DID Registry takes it: its thumbprint and uncompressed point. */
async function newKey(): Promise<{ vMethodId: string; publicKey: Hex }> {
  const jwk = createPrivateJwk('P-256');
  return { vMethodId: await jwkThumbprint(jwk), publicKey: toPublicKeyHex(jwk) };
}

function addKey(key: {
  vMethodId: string;
  publicKey: Hex;
}): ContractWrite<'did-registry', 'addVerificationMethod'> {
  return {
    registry: 'did-registry',
    functionName: 'addVerificationMethod',
    args: [holder.did, key.vMethodId, key.publicKey, false],
  };
}

function relate(
  name: string,
  vMethodId: string,
): ContractWrite<'did-registry', 'addVerificationRelationship'> {
  return {
    registry: 'did-registry',
    functionName: 'addVerificationRelationship',
    args: [holder.did, name, vMethodId, 0n, 2n ** 40n],
  };
}

/** The POSTs that carried raw transactions, since `from`. */
const writeRequests = (from: number) =>
  posts.slice(from).filter((body) => JSON.stringify(body).includes('"eth_sendRawTransaction"')) as {
    method: string;
    params: unknown[];
  }[][];

const documentOf = () => client.get<DidDocument>(`/v1/did-registry/identifiers/${holder.did}`);

describe('writeContracts', () => {
  test('default: four writes in one request, with consecutive nonces, all mined and read back', async () => {
    const [first, second] = [await newKey(), await newKey()];
    const from = posts.length;
    const receipts = await writeContractsAndWait(client, {
      account: holder.account,
      accessToken: token,
      writes: [
        addKey(first),
        relate('assertionMethod', first.vMethodId),
        addKey(second),
        relate('keyAgreement', second.vMethodId),
      ],
    });

    expect(receipts.map(({ status }) => status)).toEqual(['0x1', '0x1', '0x1', '0x1']);
    const [batch, ...others] = writeRequests(from);
    expect(others).toEqual([]);
    expect(batch?.map(({ method }) => method)).toEqual(Array(4).fill('eth_sendRawTransaction'));
    const nonces = await Promise.all(
      receipts.map(({ transactionHash }) =>
        client.rpc<{ nonce: Hex }>('eth_getTransactionByHash', [transactionHash]),
      ),
    );
    const [n0 = 0] = nonces.map(({ nonce }) => Number(nonce));
    expect(nonces.map(({ nonce }) => Number(nonce))).toEqual([n0, n0 + 1, n0 + 2, n0 + 3]);

    const document = await documentOf();
    expect(document.assertionMethod).toContain(`${holder.did}#${first.vMethodId}`);
    expect(document.keyAgreement).toContain(`${holder.did}#${second.vMethodId}`);
    expect(document.verificationMethod.map(({ id }) => id)).toEqual(
      expect.arrayContaining([first, second].map(({ vMethodId }) => `${holder.did}#${vMethodId}`)),
    );
  });

  test('error: a refused write is a LedgerRpcError for that entry; the others are sent', async () => {
    const key = await newKey();
    const from = posts.length;
    const attempt = writeContracts(client, {
      account: holder.account,
      accessToken: token,
      writes: [
        addKey(key),
        {
          registry: 'schemas-registry',
          functionName: 'insertSchema',
          args: [`0x${'01'.repeat(32)}`, '0x01', '0x01'],
        },
        relate('capabilityDelegation', key.vMethodId),
      ],
    });
    const error = await attempt.catch((caught: unknown) => caught);
    expect(writeRequests(from)).toHaveLength(1);
    expect(error).toBeInstanceOf(WriteContractsError);
    const { results, index, message } = error as WriteContractsError;
    expect(index).toBe(1);
    const [sent, refused, waiting] = results;
    expect(refused?.status).toBe('failure');
    const refusal = refused?.status === 'failure' ? refused.error : undefined;
    expect(refusal).toBeInstanceOf(LedgerRpcError);
    expect(refusal).toMatchObject({
      code: -32600,
      message: expect.stringContaining('Missing scope: "schemas-registry:write"'),
    });
    expect(message).toBe(
      `1 of 3 writes refused; write 1: ${refusal?.message}; the accepted writes after it wait until nonce ${refused?.nonce} is used`,
    );
    if (sent?.status !== 'success' || waiting?.status !== 'success' || !refused)
      throw new Error('the writes around the refused one were sent');

    // Before the refused one: mined. After it: held until its nonce is used.
    const mined = await waitForReceipt(client, { hash: sent.hash });
    const pending = await client.rpc<Hex>('eth_getTransactionCount', [holder.address, 'pending']);
    expect(Number(pending)).toBe(refused.nonce);
    await waitForBlock(BigInt(mined.blockNumber) + 2n);
    expect(await client.rpc('eth_getTransactionReceipt', [waiting.hash])).toBeNull();

    // The account's next write takes that nonce; the held write runs after it.
    const filler = await writeContractAndWait(client, {
      ...addKey(await newKey()),
      account: holder.account,
      accessToken: token,
    });
    const released = await waitForReceipt(client, { hash: waiting.hash });
    expect(BigInt(released.blockNumber)).toBeGreaterThanOrEqual(BigInt(filler.blockNumber));
    expect((await documentOf()).capabilityDelegation).toEqual([`${holder.did}#${key.vMethodId}`]);
  });

  test('error: no writes is a TypeError, and nothing is sent', async () => {
    const from = posts.length;
    await expect(
      writeContracts(client, { account: holder.account, accessToken: token, writes: [] }),
    ).rejects.toThrow(new TypeError('"writes" must hold at least one write'));
    expect(posts.length).toBe(from);
  });
});

async function waitForBlock(block: bigint): Promise<void> {
  while (BigInt(await client.rpc<Hex>('eth_blockNumber', [])) < block) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
