import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { type Hex, keccak256, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueAccessToken } from '../../src/auth/accessToken.js';
import { loadOrCreateSigningKey } from '../../src/auth/signingKeys.js';
import { createCredential, requestToken } from '../../src/client/index.js';
import { createCryptoPool } from '../../src/crypto/createCryptoPool.js';
import { createPoolSigner } from '../../src/crypto/jws.js';
import { toDidKey } from '../../src/identity/didKey.js';
import { toSecp256k1PrivateJwk } from '../../src/identity/jwk.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import {
  nextNonce,
  receiptOf,
  revertDataOf,
  sendRaw,
  signCall,
} from '../support/rawTransactions.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

const timestampAbi = REGISTRIES.timestamp.abi;
let node: TestNode;
let op: OperatorFixture;
let holder: TestHolder;
let token: string;
let chainId: number;

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  chainId = node.environment.chainId;
  holder = await createHolder();
  await registerHolder(op.chain, node.environment.registries['did-registry'], holder);
  ({ accessToken: token } = await requestToken({
    baseUrl: node.url,
    scope: 'openid timestamp:write',
    holder,
  }));
});
afterAll(() => node.close());

const commitCall = async (account = holder.account, nonce?: number) =>
  signCall(account, {
    to: node.environment.registries.timestamp,
    abi: timestampAbi,
    functionName: 'commitTimestampHashes',
    args: [keccak256(toHex(String(Math.random())))],
    nonce: nonce ?? (await nextNonce(node.url, account.address)),
    chainId,
  });

const errorOf = (json: unknown) => (json as { error?: { code: number; message: string } }).error;

describe('POST /v1/ledger eth_sendRawTransaction: accepted', () => {
  test('default: a scoped write is forwarded and mined', async () => {
    const { status, json } = await sendRaw(node.url, token, [await commitCall()]);
    expect(status).toBe(200);
    const hash = (json as { result: Hex }).result;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await receiptOf(node.url, hash)).status).toBe('0x1');
  });
});

describe('POST /v1/ledger eth_sendRawTransaction: each step refuses', () => {
  test.each([
    [
      undefined,
      'Missing access token: "eth_sendRawTransaction" requires "Authorization: Bearer <token>"',
    ],
    ['not-a-jwt', 'Invalid access token: it is not a valid JWT'],
  ])('error: token %s', async (bearer, message) => {
    const { status, json } = await sendRaw(node.url, bearer, [await commitCall()]);
    expect(status).toBe(200);
    expect(errorOf(json)).toEqual({ code: -32600, message });
  });

  test('error: an expired token of this node', async () => {
    const key = await loadOrCreateSigningKey(
      join(node.dataDir, 'auth-signing-key.json'),
      createCryptoPool({ workers: 0 }),
    );
    const expired = await issueAccessToken(
      { sub: holder.did, scope: 'openid timestamp:write' },
      {
        key,
        issuer: `${node.url}/v1/auth`,
        audience: `${node.url}/v1`,
        now: Math.floor(Date.now() / 1000) - 8000,
      },
    );
    expect(errorOf((await sendRaw(node.url, expired, [await commitCall()])).json)).toEqual({
      code: -32600,
      message: 'Invalid access token: it has expired',
    });
  });

  test('error: a token signed by another key', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const foreign = await issueAccessToken(
      { sub: holder.did, scope: 'openid timestamp:write' },
      {
        key: {
          kid: 'foreign',
          signer: createPoolSigner(createCryptoPool({ workers: 0 }), 'foreign', privateKey),
          publicJwk: {} as never,
        },
        issuer: `${node.url}/v1/auth`,
        audience: `${node.url}/v1`,
        now: Math.floor(Date.now() / 1000),
      },
    );
    expect(errorOf((await sendRaw(node.url, foreign, [await commitCall()])).json)).toEqual({
      code: -32600,
      message: 'Invalid access token: it is not signed by this node',
    });
  });

  test('error: a raw transaction that does not decode, or for another chain', async () => {
    expect(errorOf((await sendRaw(node.url, token, ['0x02f8'])).json)).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/^Invalid transaction: the transaction cannot be decoded/),
    });
    const other = await signCall(holder.account, {
      to: node.environment.registries.timestamp,
      abi: timestampAbi,
      functionName: 'commitTimestampHashes',
      args: [keccak256('0x01')],
      nonce: 0,
      chainId: 1,
    });
    expect(errorOf((await sendRaw(node.url, token, [other])).json)).toEqual({
      code: -32600,
      message: `Invalid transaction: the transaction is for chain 1, not ${chainId}`,
    });
  });

  test('error: a target that is no registry instance', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey()).address;
    const raw = await signCall(holder.account, {
      to: eoa,
      abi: timestampAbi,
      functionName: 'commitTimestampHashes',
      args: [keccak256('0x01')],
      nonce: 0,
      chainId,
    });
    expect(errorOf((await sendRaw(node.url, token, [raw])).json)).toEqual({
      code: -32600,
      message: `The transaction targets ${eoa}, which is no registry instance and not named by the token`,
    });
  });

  test('error: a function that is not writable through /v1/ledger, and unknown calldata', async () => {
    const tnt = {
      to: node.environment.registries['track-and-trace'],
      abi: REGISTRIES['track-and-trace'].abi,
      nonce: 0,
      chainId,
    };
    const admin = await signCall(holder.account, {
      ...tnt,
      functionName: 'transferAdmin',
      args: [holder.address],
    });
    expect(errorOf((await sendRaw(node.url, token, [admin])).json)).toEqual({
      code: -32600,
      message: '"transferAdmin" of the TrackAndTrace cannot be called through /v1/ledger',
    });
    const garbage = await holder.account.signTransaction({
      type: 'eip1559',
      chainId,
      to: node.environment.registries.timestamp,
      data: '0xdeadbeef',
      nonce: 0,
      gas: 1n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    });
    expect(errorOf((await sendRaw(node.url, token, [garbage])).json)).toMatchObject({
      code: -32600,
      message: 'The transaction calls no function of the Timestamp',
    });
  });

  test('error: a missing scope is named', async () => {
    const schemas = await signCall(holder.account, {
      to: node.environment.registries['schemas-registry'],
      abi: REGISTRIES['schemas-registry'].abi,
      functionName: 'insertSchema',
      args: [keccak256('0x01'), '0x01', '0x01'],
      nonce: 0,
      chainId,
    });
    expect(errorOf((await sendRaw(node.url, token, [schemas])).json)).toEqual({
      code: -32600,
      message: `Missing scope: "schemas-registry:write" for ${node.environment.registries['schemas-registry']} is needed to call "insertSchema"`,
    });
  });

  test('error: a stolen token used by another key', async () => {
    const thief = privateKeyToAccount(generatePrivateKey());
    const raw = await commitCall(thief, 0);
    expect(errorOf((await sendRaw(node.url, token, [raw])).json)).toEqual({
      code: -32600,
      message: `The sender ${thief.address} is not a capabilityInvocation key of the token holder "${holder.did}"`,
    });
  });

  test('error: a Track and Trace instance whose DID Registry link was unset after the token was issued', async () => {
    const { registries } = node.environment;
    const tnt = await op.deployInstance('track-and-trace', [
      op.account.address,
      registries['policies-registry'],
      registries['did-registry'],
    ]);
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: `openid track-and-trace:write:${tnt}`,
      holder,
    });
    const abi = REGISTRIES['track-and-trace'].abi;
    await op.write({
      address: tnt,
      abi,
      functionName: 'setRegistryLinks',
      args: [registries['policies-registry'], '0x0000000000000000000000000000000000000000'],
    });
    // The gate reads at the node's latest known block, as REST does: wait until the node sees the change.
    const details = () =>
      fetch(`${node.url}/v1/track-and-trace/details?contractAddress=${tnt}`).then(
        (r) => r.json() as Promise<{ didRegistryContract: string }>,
      );
    while ((await details()).didRegistryContract !== '0x0000000000000000000000000000000000000000') {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const raw = await signCall(holder.account, {
      to: tnt,
      abi,
      functionName: 'removeDocument',
      args: [keccak256('0x01')],
      nonce: 0,
      chainId,
    });
    expect(errorOf((await sendRaw(node.url, accessToken, [raw])).json)).toEqual({
      code: -32600,
      message: `The instance ${tnt} is not linked to a DID Registry: its writers cannot be bound`,
    });
  });

  test('behavior: one bad entry does not fail the batch', async () => {
    const nonce = await nextNonce(node.url, holder.address);
    const thief = privateKeyToAccount(generatePrivateKey());
    const { json } = await sendRaw(node.url, token, [
      await commitCall(holder.account, nonce),
      await commitCall(thief, 0),
      await commitCall(holder.account, nonce + 1),
    ]);
    const [first, second, third] = json as { id: number; result?: Hex; error?: unknown }[];
    expect([first?.id, second?.id, third?.id]).toEqual([0, 1, 2]);
    expect(first?.result).toMatch(/^0x[0-9a-f]{64}$/);
    expect(second?.error).toMatchObject({ code: -32600 });
    expect(third?.result).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('POST /v1/ledger eth_sendRawTransaction: did:key holders and ledger:invoke', () => {
  test('behavior: a did:key holder writes with ledger:invoke, bound to its own key', async () => {
    const key = generatePrivateKey();
    const account = privateKeyToAccount(key);
    const jwk = toSecp256k1PrivateJwk(key);
    const did = toDidKey({ kty: 'EC', crv: 'secp256k1', x: jwk.x, y: jwk.y });
    const natural = { did, kid: `${did}#${did.slice('did:key:'.length)}`, privateKeyJwk: jwk };
    const contract = node.environment.registries.timestamp;
    const { operator } = op;
    const invoke = createCredential({
      issuer: { did: operator.did, kid: operator.kid, privateKeyJwk: operator.privateKeyJwk },
      subject: did,
      type: 'VerifiableAuthorisationToInvoke',
      claims: { contractAddress: contract },
    });
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: `openid ledger:invoke:${contract}`,
      holder: natural,
      credential: invoke,
    });
    const own = await commitCall(account, 0);
    const accepted = (await sendRaw(node.url, accessToken, [own])).json as { result: Hex };
    expect((await receiptOf(node.url, accepted.result)).status).toBe('0x1');
    const other = privateKeyToAccount(generatePrivateKey());
    expect(
      errorOf((await sendRaw(node.url, accessToken, [await commitCall(other, 0)])).json),
    ).toEqual({
      code: -32600,
      message: `The sender ${other.address} is not the key of the token holder "${did}"`,
    });
    const elsewhere = await signCall(account, {
      to: node.environment.registries['schemas-registry'],
      abi: REGISTRIES['schemas-registry'].abi,
      functionName: 'insertSchema',
      args: [keccak256('0x01'), '0x01', '0x01'],
      nonce: 1,
      chainId,
    });
    expect(errorOf((await sendRaw(node.url, accessToken, [elsewhere])).json)).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/^Missing scope: "schemas-registry:write"/),
    });
  });
});

describe('commit–reveal through the gate', () => {
  test('behavior: an early reveal is mined and reverted, the matured one succeeds, the reason is readable', async () => {
    const timestamp = node.environment.registries.timestamp;
    const args = [
      [0n],
      [keccak256(toHex(`e2e ${Date.now()}`))],
      ['0x'],
      keccak256(toHex('salt')),
    ] as const;
    await op.write({
      address: timestamp,
      abi: timestampAbi,
      functionName: 'insertHashAlgorithm',
      args: [256n, 'sha-256-e2e', '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'],
    });
    const commitment = (await op.chain.client.readContract({
      address: timestamp,
      abi: timestampAbi,
      functionName: 'computeTimestampCommitment',
      args: [holder.address, ...args],
    } as never)) as Hex;
    let nonce = await nextNonce(node.url, holder.address);
    const sign = (functionName: string, callArgs: readonly unknown[]) =>
      signCall(holder.account, {
        to: timestamp,
        abi: timestampAbi,
        functionName,
        args: callArgs,
        nonce: nonce++,
        chainId,
      });
    const committed = (
      await sendRaw(node.url, token, [await sign('commitTimestampHashes', [commitment])])
    ).json as { result: Hex };
    const commitReceipt = await receiptOf(node.url, committed.result);
    const early = (await sendRaw(node.url, token, [await sign('timestampHashes', args)])).json as {
      result: Hex;
    };
    const earlyReceipt = await receiptOf(node.url, early.result);
    expect(earlyReceipt.status).toBe('0x0');
    // The client reads the reason from the receipt where the ledger records it (the embedded
    // ledger, Besu with --revert-reason-enabled), else replays the transaction with eth_call
    // through the same endpoint, at the block before (Hardhat).
    const replay = async () =>
      fetch(`${node.url}/v1/ledger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_call',
          params: [
            {
              from: holder.address,
              to: timestamp,
              data: (await import('viem')).encodeFunctionData({
                abi: timestampAbi,
                functionName: 'timestampHashes',
                args,
              } as never),
            },
            toHex(BigInt(earlyReceipt.blockNumber) - 1n),
          ],
        }),
      });
    const reason =
      earlyReceipt.revertReason ??
      revertDataOf(((await (await replay()).json()) as { error: { data?: unknown } }).error);
    expect(reason?.slice(0, 10)).toBe(
      (await import('viem')).toFunctionSelector('CommitmentNotMatured(uint256)'),
    );
    const ready = BigInt(commitReceipt.blockNumber) + 5n;
    while (
      BigInt(
        ((await (await fetch(`${node.url}/ready`)).json()) as { blockNumber: number }).blockNumber,
      ) < ready
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const reveal = (await sendRaw(node.url, token, [await sign('timestampHashes', args)])).json as {
      result: Hex;
    };
    expect((await receiptOf(node.url, reveal.result)).status).toBe('0x1');
  });
});
