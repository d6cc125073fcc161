import { randomBytes } from 'node:crypto';
import { encodeAbiParameters, type Hex, sha256, toHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  createCoreClient,
  createCredential,
  createDidCoreV1,
  paginate,
  requestToken,
  type Signer,
  TransactionRevertedError,
  waitForReceipt,
  writeContract,
} from '../../src/client/index.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  blockTime,
  createSecp256k1Key,
  type Key,
  onboard,
  operatorSignerOf,
  send,
  signerOf,
  tokenOf,
  YEAR,
} from './support12.js';

// Journey 2 (one scenario, its steps in order): the operator (RootTAO) accredits a TAO, the TAO
// accredits a TI and later revokes it, and the TI publishes a status-list proxy; every write goes
// through `/v1/ledger` with the writer's own token, and the REST reads show the chain.

const IssuerType = { RootTAO: 1, TAO: 2, TI: 3, Revoked: 4 } as const;

let node: TestNode;
let client: CoreClient;
let operator: Signer & { account: PrivateKeyAccount };

type Entity = { did: string; key: Key & { account: PrivateKeyAccount }; signer: Signer };

beforeAll(async () => {
  node = await startTestNode();
  operator = operatorSignerOf(await operatorOf(node));
  client = createCoreClient({ baseUrl: node.url });
});
afterAll(() => node.close());

/** A legal entity onboarded by the operator through the invite flow. */
async function onboardEntity(): Promise<Entity> {
  const entity = { did: createDidCoreV1(), key: await createSecp256k1Key() };
  const notBefore = await blockTime(client);
  await onboard(client, operator, entity, { notBefore, notAfter: notBefore + YEAR });
  return { ...entity, signer: signerOf(entity.did, entity.key) };
}

const issuers = '/v1/issuers-registry/issuers';

function attributeOf(did: string, id: Hex) {
  return client.get<{ did: string; attribute: Record<string, unknown> }>(
    `${issuers}/${did}/attributes/${id}`,
  );
}

async function collect<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  for await (const item of paginate<T>(client, path)) items.push(item);
  return items;
}

function randomId(): Hex {
  return toHex(randomBytes(32));
}

describe('Journey 2: an accreditation chain RootTAO → TAO → TI', () => {
  test('default: accredit a TAO and a TI, revoke the TI, and the TI adds a proxy', async () => {
    const b = await onboardEntity();
    const c = await onboardEntity();
    // B issues credentials: its key becomes an assertionMethod too.
    const bDidWrite = await tokenOf(client, b.signer, 'openid did-registry:write');
    const now = await blockTime(client);
    await send(client, {
      registry: 'did-registry',
      functionName: 'addVerificationRelationship',
      args: [b.did, 'assertionMethod', b.key.vMethodId, now, now + YEAR],
      account: b.key.account,
      accessToken: bDidWrite,
    });

    // 1. The operator is the RootTAO: one attribute naming itself.
    const [rootAttribute] = await collect<{ id: Hex }>(`${issuers}/${operator.did}/attributes`);
    const rootAttributeId = rootAttribute?.id as Hex;
    expect(await attributeOf(operator.did, rootAttributeId)).toMatchObject({
      did: operator.did,
      attribute: { issuerType: 'RootTAO', tao: operator.did, rootTao: operator.did },
    });

    // 2. The operator reserves a TAO attribute for B, with its issuers-registry:write token.
    const operatorWrite = await tokenOf(client, operator, 'openid issuers-registry:write');
    const bAttributeId = randomId();
    await send(client, {
      registry: 'issuers-registry',
      functionName: 'setAttributeMetadata',
      args: [b.did, bAttributeId, IssuerType.TAO, operator.did, rootAttributeId],
      account: operator.account,
      accessToken: operatorWrite,
    });
    expect(await client.get(`${issuers}/${b.did}`)).toEqual({
      did: b.did,
      attributes: `${node.url}${issuers}/${b.did}/attributes`,
      hasAttributes: false,
    });
    expect(await attributeOf(b.did, bAttributeId)).toEqual({
      did: b.did,
      attribute: {
        hash: bAttributeId,
        body: '',
        issuerType: 'TAO',
        tao: operator.did,
        rootTao: operator.did,
      },
    });

    // 3. B accepts: an invite token with the operator's accreditation, then setAttributeData.
    const bAccreditation = createCredential({
      issuer: operator,
      subject: b.did,
      type: 'VerifiableAccreditationToAccredit',
      claims: { reservedAttributeId: bAttributeId },
    });
    const bInvite = await requestToken({
      baseUrl: node.url,
      scope: 'openid issuers-registry:invite',
      holder: b.signer,
      credential: bAccreditation,
    });
    expect(bInvite.scope).toBe('openid issuers-registry:invite');
    await send(client, {
      registry: 'issuers-registry',
      functionName: 'setAttributeData',
      args: [b.did, bAttributeId, toHex(bAccreditation)],
      account: b.key.account,
      accessToken: bInvite.accessToken,
    });
    expect(await client.get(`${issuers}/${b.did}`)).toMatchObject({ hasAttributes: true });
    expect(await attributeOf(b.did, bAttributeId)).toEqual({
      did: b.did,
      attribute: {
        hash: sha256(toHex(bAccreditation)),
        body: bAccreditation,
        issuerType: 'TAO',
        tao: operator.did,
        rootTao: operator.did,
      },
    });

    // 4. B (a TAO) reserves a TI attribute for C, naming its own attribute as attributeIdTao.
    const bWrite = await tokenOf(client, b.signer, 'openid issuers-registry:write');
    const cAttributeId = randomId();
    await send(client, {
      registry: 'issuers-registry',
      functionName: 'setAttributeMetadata',
      args: [c.did, cAttributeId, IssuerType.TI, b.did, bAttributeId],
      account: b.key.account,
      accessToken: bWrite,
    });
    const tiByB = { issuerType: 'TI', tao: b.did, rootTao: operator.did };
    expect(await attributeOf(c.did, cAttributeId)).toEqual({
      did: c.did,
      attribute: { hash: cAttributeId, body: '', ...tiByB },
    });

    // 5. C accepts with B's accreditation (signed with B's assertionMethod key).
    const cAccreditation = createCredential({
      issuer: b.signer,
      subject: c.did,
      type: 'VerifiableAccreditationToAttest',
      claims: { reservedAttributeId: cAttributeId },
    });
    const cInvite = await requestToken({
      baseUrl: node.url,
      scope: 'openid issuers-registry:invite',
      holder: c.signer,
      credential: cAccreditation,
    });
    const cDataRevision = sha256(toHex(cAccreditation));
    await send(client, {
      registry: 'issuers-registry',
      functionName: 'setAttributeData',
      args: [c.did, cAttributeId, toHex(cAccreditation)],
      account: c.key.account,
      accessToken: cInvite.accessToken,
    });
    expect(await attributeOf(c.did, cAttributeId)).toEqual({
      did: c.did,
      attribute: { hash: cDataRevision, body: cAccreditation, ...tiByB },
    });

    // 6. B re-types C to Revoked: a new metadata revision chained to the previous one.
    const revoked = await send(client, {
      registry: 'issuers-registry',
      functionName: 'setAttributeMetadata',
      args: [c.did, cAttributeId, IssuerType.Revoked, b.did, bAttributeId],
      account: b.key.account,
      accessToken: bWrite,
    });
    const revokedRevision = sha256(
      encodeAbiParameters(
        [{ type: 'uint256' }, { type: 'string' }, { type: 'bytes32' }],
        [await blockTime(client, revoked.blockNumber), c.did, cDataRevision],
      ),
    );

    // The reads show the chain and C's revisions.
    expect(
      (await collect<{ did: string }>(`${issuers}?page[size]=2`)).map(({ did }) => did),
    ).toEqual([operator.did, b.did, c.did]);
    expect(await collect<{ id: Hex }>(`${issuers}/${c.did}/attributes`)).toEqual([
      { id: cAttributeId, href: `${node.url}${issuers}/${c.did}/attributes/${cAttributeId}` },
    ]);
    const revisionsPath = `${issuers}/${c.did}/attributes/${cAttributeId}/revisions`;
    expect(await collect(revisionsPath)).toEqual(
      [cAttributeId, cDataRevision, revokedRevision].map((id) => ({
        id,
        href: `${node.url}${revisionsPath}/${id}`,
      })),
    );
    expect(await collect(`${revisionsPath}?version=deprecated`)).toEqual([
      { hash: cAttributeId, body: '', ...tiByB },
      { hash: cDataRevision, body: cAccreditation, ...tiByB },
      { hash: revokedRevision, body: '', ...tiByB, issuerType: 'Revoked' },
    ]);
    expect(await client.get(`${revisionsPath}/${cAttributeId}`)).toEqual({
      did: c.did,
      attribute: { hash: cAttributeId, body: '', ...tiByB },
    });
    expect(await attributeOf(c.did, cAttributeId)).toMatchObject({
      attribute: {
        hash: revokedRevision,
        issuerType: 'Revoked',
        tao: b.did,
        rootTao: operator.did,
      },
    });
    expect(await client.get(`${issuers}/${b.did}?version=deprecated`)).toEqual({
      did: b.did,
      attributes: [
        {
          hash: sha256(toHex(bAccreditation)),
          body: bAccreditation,
          issuerType: 'TAO',
          tao: operator.did,
          rootTao: operator.did,
        },
      ],
    });

    // A revoked issuer accredits nobody: the registry reverts its reservation.
    const cWrite = await tokenOf(client, c.signer, 'openid issuers-registry:write');
    const refused = await writeContract(client, {
      registry: 'issuers-registry',
      functionName: 'setAttributeMetadata',
      args: [createDidCoreV1(), randomId(), IssuerType.TI, c.did, cAttributeId],
      account: c.key.account,
      accessToken: cWrite,
    });
    const revert = waitForReceipt(client, { hash: refused, registry: 'issuers-registry' });
    await expect(revert).rejects.toBeInstanceOf(TransactionRevertedError);
    await expect(revert).rejects.toMatchObject({
      errorName: 'IssuerTaoNotAccredited',
      args: [c.did, cAttributeId, IssuerType.Revoked],
    });

    // 7. C adds a status-list proxy with its issuers-registry:write token.
    const proxyData = JSON.stringify({
      prefix: 'https://status.c.example/lists',
      headers: { authorization: 'Bearer upstream-secret' },
      testSuffix: '/1',
    });
    await send(client, {
      registry: 'issuers-registry',
      functionName: 'addIssuerProxy',
      args: [c.did, proxyData],
      account: c.key.account,
      accessToken: cWrite,
    });
    const proxyId = sha256(toHex(proxyData));
    expect(await collect(`${issuers}/${c.did}/proxies`)).toEqual([
      { proxyId, href: `${node.url}${issuers}/${c.did}/proxies/${proxyId}` },
    ]);
    expect(await client.get(`${issuers}/${c.did}/proxies/${proxyId}`)).toEqual({
      prefix: 'https://status.c.example/lists',
      headers: ['authorization'],
      testSuffix: '/1',
    });
  }, 60_000);
});
