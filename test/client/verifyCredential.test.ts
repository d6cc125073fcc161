import { createServer, type Server } from 'node:http';
import { base58btc } from 'multiformats/bases/base58';
import { type Hex, hexToBytes, sha256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type Check,
  type CoreClient,
  createCoreClient,
  type TrustReport,
  verifyCredential,
} from '../../src/client/index.js';
import {
  blockTime,
  createP256Key,
  operatorSignerOf,
  send,
  signerOf,
  tokenOf,
  waitForBlockTimeAfter,
} from '../journeys/support12.js';
import { startLenientIssuersRegistry } from '../support/lenientIssuersRegistry.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  ALL_CHECKS_PASS,
  accredit,
  addAssertionKey,
  addIssuerProxy,
  createIssuerParty,
  firstAttributeOf,
  insertTestSchema,
  issueCredential,
  issueStatusList,
  type Party,
  revokeAttribute,
} from '../support/trustChain.js';

// A Root TAO (the operator) accredits a TAO, which accredits a TI for `UniversityDegree` with one
// schema; the TI's credentials verify, and each way of breaking one gives its own failing check.

const DEGREE = 'UniversityDegree';

let node: TestNode;
let client: CoreClient;
let root: Party;
let tao: Party & { attributeId: Hex };
let ti: Party & { attributeId: Hex };
let schema: { id: string; url: string; revision: Hex };

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  const operator = operatorSignerOf(await operatorOf(node));
  root = { did: operator.did, signer: operator, account: operator.account };
  const rootAttributeId = await firstAttributeOf(client, root.did);
  const taoParty = await createIssuerParty(client, operator);
  const taoAttributeId = await accredit(client, {
    tao: root,
    taoAttributeId: rootAttributeId,
    subject: taoParty,
    role: 'TAO',
  });
  tao = { ...taoParty, attributeId: taoAttributeId };
  schema = await insertTestSchema(client, root);
  const tiParty = await createIssuerParty(client, operator);
  const tiAttributeId = await accredit(client, {
    tao,
    taoAttributeId: tao.attributeId,
    subject: tiParty,
    role: 'TI',
    claims: { accreditedFor: [{ schemaId: schema.id, types: ['VerifiableCredential', DEGREE] }] },
  });
  ti = { ...tiParty, attributeId: tiAttributeId };
}, 120_000);
afterAll(() => node?.close());

/** A degree of the TI with the accredited schema, issued as at the latest block. */
async function degree(overrides: Partial<Parameters<typeof issueCredential>[1]> = {}) {
  return issueCredential(ti.signer, {
    type: DEGREE,
    iat: Number(await blockTime(client)),
    credentialSchema: { id: schema.url, type: 'JsonSchema' },
    ...overrides,
  });
}

/** `id → verdict` of a report, to compare whole reports at a glance. */
function verdicts(report: TrustReport): Record<string, Check['verdict']> {
  return Object.fromEntries(report.checks.map(({ id, verdict }) => [id, verdict]));
}

function checkOf(report: TrustReport, id: Check['id']): Check {
  return report.checks.find((check) => check.id === id) as Check;
}

describe('verifyCredential', () => {
  test('default: a TI credential of a Root TAO → TAO → TI chain is trusted, every read named', async () => {
    const report = await verifyCredential(await degree(), { node: node.url });
    expect(verdicts(report)).toEqual(ALL_CHECKS_PASS);
    expect(report.verdict).toBe('trusted');
    const attributes = (did: string) => `${node.url}/v1/issuers-registry/issuers/${did}/attributes`;
    expect(report.chain).toEqual([
      {
        did: ti.did,
        role: 'TI',
        attributeId: ti.attributeId,
        source: `${attributes(ti.did)}/${ti.attributeId}`,
      },
      {
        did: tao.did,
        role: 'TAO',
        attributeId: tao.attributeId,
        source: `${attributes(tao.did)}/${tao.attributeId}`,
      },
      expect.objectContaining({ did: root.did, role: 'RootTAO' }),
    ]);
    expect(checkOf(report, 'issuer').source).toMatch(
      new RegExp(`^${node.url}/v1/did-registry/identifiers/${ti.did}\\?valid-at=\\d{4}-`),
    );
    expect(checkOf(report, 'key-now').source).toBe(
      `${node.url}/v1/did-registry/identifiers/${ti.did}`,
    );
    expect(checkOf(report, 'schema')).toEqual({
      id: 'schema',
      verdict: 'pass',
      detail: `In the Schemas Registry: ${schema.id} (revision ${schema.revision}, 1 of 1)`,
      source: `${schema.url}/revisions`,
    });
  });

  test('behavior: an ES256K signature in its other S form verifies too', async () => {
    const [head, body, signature] = (await degree()).split('.') as [string, string, string];
    const raw = Buffer.from(signature, 'base64url');
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = n - BigInt(`0x${raw.subarray(32).toString('hex')}`);
    const other = Buffer.concat([
      raw.subarray(0, 32),
      Buffer.from(s.toString(16).padStart(64, '0'), 'hex'),
    ]);
    const report = await verifyCredential(`${head}.${body}.${other.toString('base64url')}`, {
      node: client,
    });
    expect(verdicts(report)).toEqual(ALL_CHECKS_PASS);
  });

  test('behavior: an ES256 (P-256) key verifies; revoked afterwards, only key-now fails', async () => {
    const key = await createP256Key();
    await addAssertionKey(client, ti, key);
    const credential = await issueCredential(signerOf(ti.did, key), {
      type: DEGREE,
      iat: Number(await blockTime(client)),
      credentialSchema: { id: schema.url },
    });
    expect(verdicts(await verifyCredential(credential, { node: client }))).toEqual(ALL_CHECKS_PASS);

    // Revoked after issuance (its relationships end then, inclusive): valid at "iat", not now.
    await waitForBlockTimeAfter(client, await blockTime(client));
    const revokedAt = await blockTime(client);
    await send(client, {
      registry: 'did-registry',
      functionName: 'revokeVerificationMethod',
      args: [ti.did, key.vMethodId, revokedAt],
      account: ti.account,
      accessToken: await tokenOf(client, ti.signer, 'openid did-registry:write'),
    });
    await waitForBlockTimeAfter(client, revokedAt);
    const report = await verifyCredential(credential, { node: client });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, 'key-now': 'fail' });
    expect(checkOf(report, 'key-now').detail).toBe(
      `"${ti.did}#${key.vMethodId}" is no longer an "assertionMethod" now: rotated or revoked since issuance`,
    );
    expect(report.verdict).toBe('untrusted');
  });

  test('error: a tampered payload fails the signature', async () => {
    const [head, body, signature] = (await degree()).split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    payload.vc.credentialSubject.name = 'Mallory';
    const tampered = `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    const report = await verifyCredential(tampered, { node: node.url });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, signature: 'fail' });
    expect(checkOf(report, 'signature').detail).toBe(
      `The ES256K signature does not verify with "${ti.signer.kid}"`,
    );
  });

  test('error: expired at the time checked', async () => {
    const iat = Number(await blockTime(client));
    const credential = await degree({ iat, exp: iat + 60 });
    const at = new Date((iat + 3600) * 1000);
    const report = await verifyCredential(credential, { node: node.url, at });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, times: 'fail' });
    expect(checkOf(report, 'times').detail).toMatch(
      /^The credential expired at "exp" \S+ \(checked at /,
    );
  });

  test('error: a schema not in the Schemas Registry (issued by the unrestricted TAO)', async () => {
    const unknown = base58btc.encode(hexToBytes(sha256(toHex('no such schema'))));
    const credential = issueCredential(tao.signer, {
      type: DEGREE,
      iat: Number(await blockTime(client)),
      credentialSchema: { id: `${node.url}/v1/schemas-registry/schemas/${unknown}` },
    });
    const report = await verifyCredential(credential, { node: node.url });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, schema: 'fail' });
    expect(checkOf(report, 'schema').detail).toBe(
      `The schema "${unknown}" is not in the Schemas Registry`,
    );
    expect(report.chain.map(({ role }) => role)).toEqual(['TAO', 'RootTAO']);
  });

  test('error: the TI is not accredited for this type', async () => {
    const report = await verifyCredential(await degree({ type: 'DrivingLicence' }), {
      node: node.url,
    });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, accreditation: 'fail' });
    expect(checkOf(report, 'accreditation').detail).toBe(
      `Attribute ${ti.attributeId} of ${ti.did} is not accredited for credentials of type DrivingLicence with schema ${schema.url} ("accreditedFor")`,
    );
  });

  test('error: the issuer’s accreditation attribute was revoked', async () => {
    const revoked = await createIssuerParty(client, root.signer);
    const attributeId = await accredit(client, {
      tao,
      taoAttributeId: tao.attributeId,
      subject: revoked,
      role: 'TI',
    });
    const credential = issueCredential(revoked.signer, {
      type: DEGREE,
      iat: Number(await blockTime(client)),
    });
    expect((await verifyCredential(credential, { node: node.url })).verdict).toBe('trusted');
    await revokeAttribute(client, tao, revoked.did, attributeId, tao.attributeId);
    const report = await verifyCredential(credential, { node: node.url });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, accreditation: 'fail', schema: 'skip' });
    expect(checkOf(report, 'accreditation').detail).toBe(
      `Attribute ${attributeId} of ${revoked.did} was revoked by ${tao.did}`,
    );
  }, 60_000);

  test('error: not a JWT VC, and a node that cannot be reached: failing checks, no exception', async () => {
    const garbage = await verifyCredential('not.a.jwt', { node: node.url });
    expect(garbage.verdict).toBe('untrusted');
    expect(verdicts(garbage)).toMatchObject({
      shape: 'fail',
      signature: 'skip',
      accreditation: 'skip',
    });
    const offline = await verifyCredential(await degree(), { node: 'http://127.0.0.1:1' });
    expect(verdicts(offline)).toEqual({
      ...ALL_CHECKS_PASS,
      issuer: 'fail',
      'key-at-issuance': 'skip',
      signature: 'skip',
      'key-now': 'skip',
      accreditation: 'fail',
      schema: 'fail',
    });
    expect(checkOf(offline, 'issuer').detail).toMatch(
      /^The issuer's DID document could not be read: The node could not be read: fetch failed/,
    );
  });

  test('error: misuse throws TypeError', async () => {
    await expect(verifyCredential('a.b.c', { node: 'ftp://x' })).rejects.toThrow(TypeError);
    await expect(verifyCredential('a.b.c', { node: node.url, at: new Date('x') })).rejects.toThrow(
      '"at" must be a valid Date',
    );
  });
});

describe('verifyCredential: credentialStatus through the issuer’s proxy', () => {
  let upstream: Server;
  let lenient: Awaited<ReturnType<typeof startLenientIssuersRegistry>>;
  let listUrl: string;
  let upstreamUrl: string;
  /** Proxy reads go to the lenient server (http upstream on 127.0.0.1), the rest to the node. */
  const routed: typeof fetch = (input, init) => {
    const url = String(input);
    return fetch(url.includes('/proxies/') ? url.replace(node.url, lenient.url) : url, init);
  };

  beforeAll(async () => {
    let statusList = '';
    upstream = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/jwt' }).end(statusList),
    );
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as { port: number };
    upstreamUrl = `http://127.0.0.1:${port}`;
    const proxyData = JSON.stringify({
      prefix: `http://127.0.0.1:${port}/lists`,
      headers: {},
      testSuffix: '/1',
    });
    listUrl = `${node.url}${await addIssuerProxy(client, ti, proxyData)}/1`;
    statusList = issueStatusList(ti.signer, listUrl, [3]);
    lenient = await startLenientIssuersRegistry(node);
  });
  afterAll(async () => {
    await lenient?.app.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const withStatus = async (index: number) =>
    degree({
      credentialStatus: {
        id: `${listUrl}#${index}`,
        type: 'StatusList2021Entry',
        statusPurpose: 'revocation',
        statusListIndex: String(index),
        statusListCredential: listUrl,
      },
    });

  test('default: a clear entry passes', async () => {
    const report = await verifyCredential(await withStatus(4), { node: node.url, fetch: routed });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, status: 'pass' });
    expect(checkOf(report, 'status')).toEqual({
      id: 'status',
      verdict: 'pass',
      detail: `Not revoked: entry 4 of ${listUrl} is clear; read through the proxy http://127.0.0.1:${new URL(upstreamUrl).port}/lists that ${listUrl.slice(0, -2)} names`,
      source: listUrl,
    });
  });

  test('error: a set entry is revoked', async () => {
    const report = await verifyCredential(await withStatus(3), { node: node.url, fetch: routed });
    expect(verdicts(report)).toEqual({ ...ALL_CHECKS_PASS, status: 'fail' });
    expect(checkOf(report, 'status').detail).toBe(
      `The credential is revoked: entry 3 of ${listUrl} is set`,
    );
  });
});
