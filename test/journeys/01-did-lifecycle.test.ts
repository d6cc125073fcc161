import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  createCoreClient,
  createDidCoreV1,
  paginate,
  type Signer,
  writeContract,
} from '../../src/client/index.js';
import type { DidDocument } from '../../src/identity/didDocument.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  blockTime,
  createP256Key,
  createSecp256k1Key,
  isoOf,
  type Key,
  onboard,
  operatorSignerOf,
  send,
  signerOf,
  tokenOf,
  waitForBlockTimeAfter,
  YEAR,
} from './support12.js';

// Journey 1 (one scenario, its steps in order): a legal entity onboarded by the operator manages
// its DID document over the public API alone, and every read shows the step just taken.

let node: TestNode;
let client: CoreClient;
let operator: Signer;

beforeAll(async () => {
  node = await startTestNode();
  operator = operatorSignerOf(await operatorOf(node));
  client = createCoreClient({ baseUrl: node.url });
});
afterAll(() => node.close());

const CONTEXT = ['https://www.w3.org/ns/did/v1'];

function documentOf(did: string, validAt?: bigint): Promise<DidDocument> {
  const query = validAt === undefined ? '' : `?valid-at=${isoOf(validAt)}`;
  return client.get<DidDocument>(`/v1/did-registry/identifiers/${did}${query}`);
}

function methodOf(did: string, key: Key) {
  return {
    id: `${did}#${key.vMethodId}`,
    type: 'JsonWebKey2020',
    controller: did,
    publicKeyJwk: key.publicJwk,
  };
}

describe('Journey 1: the lifecycle of a legal entity DID', () => {
  test('default: onboard, add a P-256 assertion key, roll the secp256k1 key, add a controller', async () => {
    // 1. The operator onboards A: A registers its DID with the invite token.
    const a = { did: createDidCoreV1(), key: await createSecp256k1Key() };
    const notBefore = await blockTime(client);
    const notAfter = notBefore + YEAR;
    await onboard(client, operator, a, { notBefore, notAfter });
    const kidA = `${a.did}#${a.key.vMethodId}`;
    expect(await documentOf(a.did)).toEqual({
      '@context': CONTEXT,
      id: a.did,
      controller: [a.did],
      verificationMethod: [methodOf(a.did, a.key)],
      authentication: [kidA],
      capabilityInvocation: [kidA],
    });
    const registered: string[] = [];
    for await (const { did } of paginate<{ did: string }>(
      client,
      '/v1/did-registry/identifiers?page[size]=50',
    )) {
      registered.push(did);
    }
    expect(registered).toEqual([operator.did, a.did]);

    // 2. A adds a P-256 key: inert (no relationship), so the document does not show it yet.
    const write = await tokenOf(client, signerOf(a.did, a.key), 'openid did-registry:write');
    const p256 = await createP256Key();
    await send(client, {
      registry: 'did-registry',
      functionName: 'addVerificationMethod',
      args: [a.did, p256.vMethodId, p256.publicKey, false],
      account: a.key.account,
      accessToken: write,
    });
    expect((await documentOf(a.did)).verificationMethod).toEqual([methodOf(a.did, a.key)]);

    // 3. The P-256 key becomes an assertionMethod.
    const related = await send(client, {
      registry: 'did-registry',
      functionName: 'addVerificationRelationship',
      args: [a.did, 'assertionMethod', p256.vMethodId, notBefore, notAfter],
      account: a.key.account,
      accessToken: write,
    });
    const kidP256 = `${a.did}#${p256.vMethodId}`;
    const beforeRoll = await blockTime(client, related.blockNumber);
    const withP256 = {
      '@context': CONTEXT,
      id: a.did,
      controller: [a.did],
      verificationMethod: [methodOf(a.did, a.key), methodOf(a.did, p256)],
      authentication: [kidA],
      assertionMethod: [kidP256],
      capabilityInvocation: [kidA],
    };
    expect(await documentOf(a.did)).toEqual(withP256);

    // 4. A rolls its secp256k1 key with no overlap: the new key takes over every relationship of
    // the old one from `rollAt`, and the old one's end at `rollAt`.
    const rolled = await createSecp256k1Key();
    const rollAt = (await blockTime(client)) + 1n;
    await send(client, {
      registry: 'did-registry',
      functionName: 'rollVerificationMethod',
      args: [
        {
          did: a.did,
          vMethodId: rolled.vMethodId,
          publicKey: rolled.publicKey,
          isSecp256k1: true,
          notBefore: rollAt,
          notAfter,
          oldVMethodId: a.key.vMethodId,
          duration: 0n,
        },
      ],
      account: a.key.account,
      accessToken: write,
    });
    await waitForBlockTimeAfter(client, rollAt);
    const kidRolled = `${a.did}#${rolled.vMethodId}`;
    expect(await documentOf(a.did)).toEqual({
      ...withP256,
      verificationMethod: [methodOf(a.did, p256), methodOf(a.did, rolled)],
      authentication: [kidRolled],
      capabilityInvocation: [kidRolled],
    });
    // valid-at: before the roll the old key; before registration no key at all.
    expect(await documentOf(a.did, beforeRoll)).toEqual(withP256);
    expect(await documentOf(a.did, rollAt)).toMatchObject({
      verificationMethod: [methodOf(a.did, a.key), methodOf(a.did, p256), methodOf(a.did, rolled)],
    });
    expect(await documentOf(a.did, notBefore - 1n)).toEqual({
      '@context': CONTEXT,
      id: a.did,
      controller: [a.did],
      verificationMethod: [],
    });

    // The old key can neither sign a presentation nor send a write any more.
    await expect(
      tokenOf(client, signerOf(a.did, a.key), 'openid did-registry:write'),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      description: `The presentation key "${kidA}" is not a valid verification method of its DID`,
    });
    const d = { did: createDidCoreV1(), key: await createSecp256k1Key() };
    await expect(
      writeContract(client, {
        registry: 'did-registry',
        functionName: 'addController',
        args: [a.did, d.did],
        account: a.key.account,
        accessToken: write,
      }),
    ).rejects.toMatchObject({
      code: -32600,
      message: `eth_sendRawTransaction: The sender ${a.key.account.address} is not a capabilityInvocation key of the token holder "${a.did}"`,
    });

    // 5. With the rolled key (a fresh token, signed by it), A adds another legal entity D as a
    // controller.
    const dAt = await blockTime(client);
    await onboard(client, operator, d, { notBefore: dAt, notAfter: dAt + YEAR });
    const rolledWrite = await tokenOf(client, signerOf(a.did, rolled), 'openid did-registry:write');
    await send(client, {
      registry: 'did-registry',
      functionName: 'addController',
      args: [a.did, d.did],
      account: rolled.account,
      accessToken: rolledWrite,
    });
    expect(await documentOf(a.did)).toMatchObject({ controller: [a.did, d.did] });
    const controlledByD: string[] = [];
    for await (const { did } of paginate<{ did: string }>(
      client,
      `/v1/did-registry/identifiers?controller=${d.did}`,
    )) {
      controlledByD.push(did);
    }
    expect(controlledByD).toEqual([d.did, a.did]);

    // D's own key now acts for A: D writes A's base document with a token of its own.
    const dWrite = await tokenOf(client, signerOf(d.did, d.key), 'openid did-registry:write');
    await send(client, {
      registry: 'did-registry',
      functionName: 'updateBaseDocument',
      args: [a.did, JSON.stringify({ '@context': CONTEXT, alsoKnownAs: ['https://a.example'] })],
      account: d.key.account,
      accessToken: dWrite,
    });
    expect(await documentOf(a.did)).toMatchObject({
      controller: [a.did, d.did],
      alsoKnownAs: ['https://a.example'],
    });
  }, 60_000);
});
