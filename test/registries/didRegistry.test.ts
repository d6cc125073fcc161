import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';
import { type Account, type Address, type Hex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { jwkThumbprint, type PublicEcJwk } from '../../src/identity/jwk.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { randomAccount } from '../support/chain.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getRaw } from '../support/rawHttp.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

const abi = REGISTRIES['did-registry'].abi;
const CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'];
const BASE_DOCUMENT = JSON.stringify({ '@context': CONTEXT });
/** 9999-12-31T23:59:59Z. */
const FAR = 253_402_300_799n;
/** 2100-01-01T00:00:00Z. */
const MIDNIGHT_2100 = 4_102_444_800n;
const LD = 'application/did+ld+json; charset=utf-8';
const DID_KEY = 'did:key:z6Mkf5rGMoatrSj1f4CyvuHBeXJELe9RPdzo2PKGNCKVtZxP';
const PLAIN = 'application/did+json; charset=utf-8';

type Key = { publicKey: Hex; jwk: PublicEcJwk; vMethodId: string; isSecp256k1: boolean };
type SecpKey = Key & { account: Account };

/** A secp256k1 key; its JWK is cut from the point independently of the code under test. */
async function secpKey(): Promise<SecpKey> {
  const account = privateKeyToAccount(generatePrivateKey());
  const raw = Buffer.from(account.publicKey.slice(2), 'hex');
  const jwk: PublicEcJwk = {
    kty: 'EC',
    crv: 'secp256k1',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
  return {
    account,
    publicKey: account.publicKey,
    jwk,
    vMethodId: await jwkThumbprint(jwk),
    isSecp256k1: true,
  };
}

async function p256Key(): Promise<Key> {
  const { x, y } = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
    format: 'jwk',
  }) as { x: string; y: string };
  const jwk: PublicEcJwk = { kty: 'EC', crv: 'P-256', x, y };
  const publicKey = toHex(
    Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]),
  );
  return { publicKey, jwk, vMethodId: await jwkThumbprint(jwk), isSecp256k1: false };
}

let node: TestNode;
let op: OperatorFixture;
let base: string;
let registry: Address;
let second: Address;
/** Block time when the fixtures were written. */
let now: bigint;

type Subject = { did: string; owner: SecpKey };
/** A: a P-256 assertion key and B as second controller. */
let a: Subject;
let aP256: Key;
let b: Subject;
/** C: a base document with members of its own and members the registry overrides. */
let c: Subject;
/** D: a key valid in [now + 1000, now + 2000], another only at 2100-01-01T00:00:00Z. */
let d: Subject;
let dWindowed: Key;
let dMidnight: SecpKey;
let e: Subject;
/** F: a base document that is not JSON. */
let f: Subject;
/** X: registered in the second instance only. */
let x: Subject;

const C_BASE_DOCUMENT = JSON.stringify({
  '@context': 'https://www.w3.org/ns/did/v1',
  id: 'did:core:zSomebodyElse',
  controller: 'did:core:zSomebodyElse',
  authentication: ['#forged'],
  service: [{ id: '#site', type: 'LinkedDomains', serviceEndpoint: 'https://example.org' }],
});

async function register(
  address: Address,
  baseDocument = BASE_DOCUMENT,
  notBefore = 0n,
): Promise<Subject> {
  const did = createDidCoreV1();
  const owner = await secpKey();
  await op.chain.write(owner.account, {
    address,
    abi,
    functionName: 'insertDidDocument',
    args: [did, baseDocument, owner.vMethodId, owner.publicKey, true, notBefore, FAR],
  });
  return { did, owner };
}

async function addKey(
  subject: Subject,
  key: Key,
  name: string,
  window: readonly [bigint, bigint],
): Promise<void> {
  const write = (functionName: string, args: readonly unknown[]) =>
    op.chain.write(subject.owner.account, { address: registry, abi, functionName, args });
  await write('addVerificationMethod', [
    subject.did,
    key.vMethodId,
    key.publicKey,
    key.isSecp256k1,
  ]);
  await write('addVerificationRelationship', [subject.did, name, key.vMethodId, ...window]);
}

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  base = `${node.url}/v1/did-registry`;
  registry = node.environment.registries['did-registry'];
  now = (await op.chain.client.getBlock()).timestamp;
  // Registered one after the other: the pagination tests rely on this order.
  a = await register(registry);
  b = await register(registry);
  c = await register(registry, C_BASE_DOCUMENT);
  d = await register(registry);
  e = await register(registry);
  f = await register(registry, '{"@context": [');
  aP256 = await p256Key();
  dWindowed = await p256Key();
  dMidnight = await secpKey();
  second = await op.deployInstance('did-registry', [
    node.environment.registries['policies-registry'],
  ]);
  await Promise.all([
    (async () => {
      await addKey(a, aP256, 'assertionMethod', [0n, FAR]);
      await op.chain.write(a.owner.account, {
        address: registry,
        abi,
        functionName: 'addController',
        args: [a.did, b.did],
      });
    })(),
    (async () => {
      await addKey(d, dWindowed, 'assertionMethod', [now + 1000n, now + 2000n]);
      await addKey(d, dMidnight, 'capabilityDelegation', [MIDNIGHT_2100, MIDNIGHT_2100]);
    })(),
    (async () => {
      x = await register(second, JSON.stringify({ '@context': CONTEXT, note: 'second' }));
    })(),
  ]);
});
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  getJson(node.url, `/v1/did-registry${path}`, headers);
const link = (page: number, size: number, extra = '') =>
  `${base}/identifiers?page[after]=${page}&page[size]=${size}${extra}`;
const item = (did: string, query = '') => ({ did, href: `${base}/identifiers/${did}${query}` });
const method = (did: string, key: Key) => ({
  id: `${did}#${key.vMethodId}`,
  type: 'JsonWebKey2020',
  controller: did,
  publicKeyJwk: key.jwk,
});
const ref = (did: string, key: Key) => `${did}#${key.vMethodId}`;
/** The document of a DID holding only its owner key (authentication + capabilityInvocation). */
const ownerOnly = ({ did, owner }: Subject) => ({
  '@context': CONTEXT,
  id: did,
  controller: [did],
  verificationMethod: [method(did, owner)],
  authentication: [ref(did, owner)],
  capabilityInvocation: [ref(did, owner)],
});
const validation = (parameter: string, detail: string) => ({
  type: 'urn:core:problems:validation-error',
  title: 'Validation Error',
  status: 400,
  detail: 'The request failed validation',
  errors: [{ parameter, detail }],
});
const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();

describe('GET /identifiers', () => {
  const all = () => [op.operator.did, a.did, b.did, c.did, d.did, e.did, f.did];

  test('default: the registered DIDs, genesis operator first', async () => {
    const { status, headers, body } = await get('/identifiers');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual({
      self: link(1, 10),
      items: all().map((did) => item(did)),
      total: 7,
      pageSize: 10,
      links: { first: link(1, 10), prev: link(1, 10), next: link(1, 10), last: link(1, 10) },
    });
  });

  test('behavior: first, middle, last and beyond-last pages', async () => {
    const page = async (n: number) =>
      (await get(`/identifiers?page[after]=${n}&page[size]=2`)).body;
    expect(await page(1)).toEqual({
      self: link(1, 2),
      items: all()
        .slice(0, 2)
        .map((did) => item(did)),
      total: 7,
      pageSize: 2,
      links: { first: link(1, 2), prev: link(1, 2), next: link(2, 2), last: link(4, 2) },
    });
    expect(await page(2)).toEqual({
      self: link(2, 2),
      items: all()
        .slice(2, 4)
        .map((did) => item(did)),
      total: 7,
      pageSize: 2,
      links: { first: link(1, 2), prev: link(1, 2), next: link(3, 2), last: link(4, 2) },
    });
    expect(await page(4)).toEqual({
      self: link(4, 2),
      items: [item(f.did)],
      total: 7,
      pageSize: 2,
      links: { first: link(1, 2), prev: link(3, 2), next: link(4, 2), last: link(4, 2) },
    });
    expect(await page(5)).toEqual({
      self: link(5, 2),
      items: [],
      total: 7,
      pageSize: 2,
      links: { first: link(1, 2), prev: link(4, 2), next: link(4, 2), last: link(4, 2) },
    });
  });

  test('behavior: controller filters, echoed in every link', async () => {
    const filter = `&controller=${b.did}`;
    const { status, body } = await get(`/identifiers?controller=${b.did}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link(1, 10, filter),
      items: [item(b.did), item(a.did)],
      total: 2,
      pageSize: 10,
      links: {
        first: link(1, 10, filter),
        prev: link(1, 10, filter),
        next: link(1, 10, filter),
        last: link(1, 10, filter),
      },
    });
    const paged = await get(`/identifiers?page[after]=2&page[size]=1&controller=${b.did}`);
    expect(paged.body).toEqual({
      self: link(2, 1, filter),
      items: [item(a.did)],
      total: 2,
      pageSize: 1,
      links: {
        first: link(1, 1, filter),
        prev: link(1, 1, filter),
        next: link(2, 1, filter),
        last: link(2, 1, filter),
      },
    });
    const own = await get(`/identifiers?controller=${op.operator.did}`);
    expect(own.body).toMatchObject({ items: [item(op.operator.did)], total: 1 });
  });

  test('behavior: a second instance through contractAddress, kept in every link and href', async () => {
    const instance = `&contractAddress=${second}`;
    const { status, body } = await get(`/identifiers?contractAddress=${second}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link(1, 10, instance),
      items: [item(x.did, `?contractAddress=${second}`)],
      total: 1,
      pageSize: 10,
      links: {
        first: link(1, 10, instance),
        prev: link(1, 10, instance),
        next: link(1, 10, instance),
        last: link(1, 10, instance),
      },
    });
    const filtered = await get(`/identifiers?controller=${x.did}&contractAddress=${second}`);
    expect(filtered.body).toMatchObject({
      self: link(1, 10, `&controller=${x.did}${instance}`),
      items: [item(x.did, `?contractAddress=${second}`)],
    });
  });

  test('error: an unregistered controller is 404 Controller Not Found', async () => {
    const stranger = createDidCoreV1();
    const { status, body } = await get(`/identifiers?controller=${stranger}`);
    expect(status).toBe(404);
    expect(body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Controller Not Found',
      status: 404,
      detail: `Controller ${stranger} is not registered`,
    });
    // Registered in the second instance only.
    expect((await get(`/identifiers?controller=${x.did}`)).status).toBe(404);
  });

  test.each([
    ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
    ['page[size]=0', 'page[size]', 'Parameter "page[size]" must be greater than or equal to 1'],
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['page[after]=0', 'page[after]', 'Parameter "page[after]" must be greater than or equal to 1'],
    ['did=x', 'did', 'Parameter "did" is not supported'],
    ['valid-at=2024-01-01', 'valid-at', 'Parameter "valid-at" is not supported'],
    [`controller=${DID_KEY}`, 'controller', 'Parameter "controller" must be a valid did:core v1'],
    ['controller=not-a-did', 'controller', 'Parameter "controller" must be a valid did:core v1'],
    [
      'contractAddress=0x12',
      'contractAddress',
      'Parameter "contractAddress" must match ^0x[0-9a-fA-F]{40}$',
    ],
  ])('error: %s', async (query, parameter, detail) => {
    const { status, body } = await get(`/identifiers?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual(validation(parameter, detail));
  });

  test('error: a contractAddress without a DID Registry is 400 Invalid Contract Address', async () => {
    const policies = node.environment.registries['policies-registry'];
    expect((await get(`/identifiers?contractAddress=${policies}`)).body).toEqual({
      type: 'urn:core:problems:invalid-contract-address',
      title: 'Invalid Contract Address',
      status: 400,
      detail: `The contract at ${policies} does not match the expected one (a DidRegistry)`,
    });
    const empty = randomAccount().address;
    expect((await get(`/identifiers?contractAddress=${empty}`)).body).toMatchObject({
      status: 400,
      detail: `No contract is deployed at ${empty}`,
    });
  });
});

describe('GET /identifiers/{did}', () => {
  test('default: the operator DID registered at genesis', async () => {
    const { status, headers, body } = await get(`/identifiers/${op.operator.did}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe(LD);
    const { kty, crv, x: jwkX, y: jwkY } = op.operator.privateKeyJwk;
    const kid = op.operator.kid;
    expect(body).toEqual({
      '@context': CONTEXT,
      id: op.operator.did,
      controller: [op.operator.did],
      verificationMethod: [
        {
          id: kid,
          type: 'JsonWebKey2020',
          controller: op.operator.did,
          publicKeyJwk: { kty, crv, x: jwkX, y: jwkY },
        },
      ],
      authentication: [kid],
      assertionMethod: [kid],
      capabilityInvocation: [kid],
    });
  });

  test('default: a secp256k1 and a P-256 key, and a second controller', async () => {
    const { status, body } = await get(`/identifiers/${a.did}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      '@context': CONTEXT,
      id: a.did,
      controller: [a.did, b.did],
      verificationMethod: [method(a.did, a.owner), method(a.did, aP256)],
      authentication: [ref(a.did, a.owner)],
      assertionMethod: [ref(a.did, aP256)],
      capabilityInvocation: [ref(a.did, a.owner)],
    });
  });

  test('behavior: base-document members are kept, the registry decides its own', async () => {
    const { body } = await get(`/identifiers/${c.did}`);
    expect(body).toEqual({
      ...ownerOnly(c),
      '@context': 'https://www.w3.org/ns/did/v1',
      service: [{ id: '#site', type: 'LinkedDomains', serviceEndpoint: 'https://example.org' }],
    });
  });

  test('behavior: a base document that is not JSON is left out, with the default context', async () => {
    const { status, body } = await get(`/identifiers/${f.did}`);
    expect(status).toBe(200);
    expect(body).toEqual(ownerOnly(f));
  });

  test('behavior: a second instance through contractAddress', async () => {
    const { status, body } = await get(`/identifiers/${x.did}?contractAddress=${second}`);
    expect(status).toBe(200);
    expect(body).toEqual({ ...ownerOnly(x), note: 'second' });
    expect((await get(`/identifiers/${x.did}`)).status).toBe(404);
    expect((await get(`/identifiers/${a.did}?contractAddress=${second}`)).status).toBe(404);
  });

  test('error: an unregistered DID is 404 Identifier Not Found', async () => {
    const stranger = createDidCoreV1();
    const { status, headers, body } = await get(`/identifiers/${stranger}`);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Identifier Not Found',
      status: 404,
      detail: `Identifier ${stranger} is not registered`,
    });
  });

  const v1Body = base58btc.encode(new Uint8Array([1, ...randomBytes(16)]));
  test.each([
    ['not a DID', 'not-a-did'],
    ['did:key', DID_KEY],
    [
      'a v2-looking did:core',
      `did:core:${base58btc.encode(new Uint8Array([2, ...randomBytes(32)]))}`,
    ],
    [
      'a v1 prefix with 15 bytes',
      `did:core:${base58btc.encode(new Uint8Array([1, ...randomBytes(15)]))}`,
    ],
    ['another method', `did:ebsi:${v1Body}`],
    ['an upper-case scheme', `DID:core:${v1Body}`],
  ])('error: the path is %s', async (_, did) => {
    const { status, body } = await get(`/identifiers/${did}`);
    expect(status).toBe(400);
    expect(body).toEqual(validation('did', 'Parameter "did" must be a valid did:core v1'));
  });

  test.each([
    ['page[size]=2', 'page[size]'],
    ['controller=x', 'controller'],
  ])('error: unsupported parameter %s', async (query, parameter) => {
    const { status, body } = await get(`/identifiers/${a.did}?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual(validation(parameter, `Parameter "${parameter}" is not supported`));
  });

  test('error: a contractAddress without a DID Registry is 400 Invalid Contract Address', async () => {
    const policies = node.environment.registries['policies-registry'];
    const { status, body } = await get(`/identifiers/${a.did}?contractAddress=${policies}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ type: 'urn:core:problems:invalid-contract-address' });
  });
});

describe('GET /identifiers/{did}?valid-at', () => {
  const at = async (validAt: string) => {
    const { status, body } = await get(`/identifiers/${d.did}?valid-at=${validAt}`);
    expect(status).toBe(200);
    return body;
  };
  const withWindowed = () => ({
    ...ownerOnly(d),
    verificationMethod: [method(d.did, d.owner), method(d.did, dWindowed)],
    assertionMethod: [ref(d.did, dWindowed)],
  });
  const withMidnight = () => ({
    ...ownerOnly(d),
    verificationMethod: [method(d.did, d.owner), method(d.did, dMidnight)],
    capabilityDelegation: [ref(d.did, dMidnight)],
  });

  test('default: without valid-at, the keys valid at the current block', async () => {
    expect((await get(`/identifiers/${d.did}`)).body).toEqual(ownerOnly(d));
  });

  test('behavior: before, at both ends of, inside and after a key window', async () => {
    expect(await at(iso(now + 999n))).toEqual(ownerOnly(d));
    expect(await at(iso(now + 1000n))).toEqual(withWindowed());
    expect(await at(iso(now + 1500n))).toEqual(withWindowed());
    expect(await at(iso(now + 2000n))).toEqual(withWindowed());
    expect(await at(iso(now + 2001n))).toEqual(ownerOnly(d));
  });

  test('behavior: a date is that day at 00:00:00Z', async () => {
    expect(await at('2100-01-01')).toEqual(withMidnight());
    expect(await at('2100-01-02')).toEqual(ownerOnly(d));
    expect(await at('2099-12-31')).toEqual(ownerOnly(d));
  });

  test.each([
    ['2100-01-01T00:00:00Z', true],
    ['2100-01-01t00:00:00z', true],
    ['2100-01-01T01:00:00%2B01:00', true],
    ['2099-12-31T23:30:00-00:30', true],
    ['2100-01-01T00:00:00.999Z', true],
    ['2099-12-31T23:59:59.999Z', false],
    ['2100-01-01T00:00:01Z', false],
    ['2100-01-01T00:00:00-00:01', false],
  ])('behavior: valid-at=%s selects the midnight key: %s', async (validAt, selected) => {
    expect(await at(validAt)).toEqual(selected ? withMidnight() : ownerOnly(d));
  });

  test('behavior: 1970-01-01 predates every genesis key', async () => {
    const { status, body } = await get(`/identifiers/${op.operator.did}?valid-at=1970-01-01`);
    expect(status).toBe(200);
    expect(body).toEqual({
      '@context': CONTEXT,
      id: op.operator.did,
      controller: [op.operator.did],
      verificationMethod: [],
    });
  });

  test.each([
    'yesterday',
    '',
    '1700000000',
    '2024-1-1',
    '2024-13-01',
    '2024-02-30',
    '2023-02-29',
    '2024-01-01T00:00:00',
    '2024-01-01T10:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T23:59:60Z',
    '2024-01-01 10:00:00Z',
    '2024-01-01T10:00:00%2B24:00',
    '2024-01-01T10:00:00.Z',
  ])('error: valid-at=%s', async (validAt) => {
    const { status, body } = await get(`/identifiers/${op.operator.did}?valid-at=${validAt}`);
    expect(status).toBe(400);
    expect(body).toEqual(
      validation(
        'valid-at',
        'Parameter "valid-at" must be a date (YYYY-MM-DD) or an RFC 3339 date-time',
      ),
    );
  });

  test.each(['1969-12-31', '1970-01-01T00:59:59%2B01:00', '0050-01-01'])(
    'error: valid-at=%s is before the epoch',
    async (validAt) => {
      const { status, body } = await get(`/identifiers/${op.operator.did}?valid-at=${validAt}`);
      expect(status).toBe(400);
      expect(body).toEqual(
        validation('valid-at', 'Parameter "valid-at" must not be before 1970-01-01T00:00:00Z'),
      );
    },
  );

  test('behavior: 2024-02-29 is a date', async () => {
    expect((await get(`/identifiers/${op.operator.did}?valid-at=2024-02-29`)).status).toBe(200);
  });
});

describe('Accept negotiation of /identifiers/{did}', () => {
  test.each([
    ['application/did+json', PLAIN],
    ['application/did+ld+json', LD],
    ['*/*', LD],
    ['application/*', LD],
    ['application/did+json;q=1', LD],
    ['application/did+json, */*', LD],
    ['application/did+json, application/did+ld+json', LD],
    ['Application/DID+JSON', LD],
    ['text/html, application/did+json;q=0.1', LD],
  ])('behavior: Accept %s answers %s', async (accept, type) => {
    const { status, headers, body } = await get(`/identifiers/${a.did}`, { accept });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe(type);
    const { '@context': _, ...plain } = (await get(`/identifiers/${a.did}`)).body as Record<
      string,
      unknown
    >;
    expect(body).toEqual(type === PLAIN ? plain : { '@context': CONTEXT, ...plain });
  });

  test('default: no Accept header answers JSON-LD', async () => {
    const { status, type, body } = await getRaw(`${base}/identifiers/${a.did}`);
    expect(status).toBe(200);
    expect(type).toBe(LD);
    expect(body).toMatchObject({ '@context': CONTEXT, id: a.did });
  });

  test('behavior: the plain representation keeps base-document members', async () => {
    const { body } = await get(`/identifiers/${c.did}`, { accept: 'application/did+json' });
    const { '@context': _, ...plain } = ownerOnly(c);
    expect(body).toEqual({
      ...plain,
      service: [{ id: '#site', type: 'LinkedDomains', serviceEndpoint: 'https://example.org' }],
    });
  });

  test.each([
    'application/json',
    'text/html',
    'application/did+ld+json;q=0, application/did+json;q=0',
  ])('error: Accept %s is 406', async (accept) => {
    const { status, headers, body } = await get(`/identifiers/${a.did}`, { accept });
    expect(status).toBe(406);
    expect(headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(body).toEqual({
      type: 'about:blank',
      title: 'Not Acceptable',
      status: 406,
      detail:
        'The "Accept" header allows none of the available media types: application/did+ld+json, application/did+json',
    });
  });

  test('error: the collection does not offer the DID media types', async () => {
    const { status } = await get('/identifiers', { accept: 'application/did+json' });
    expect(status).toBe(406);
  });
});

describe('HEAD and other methods', () => {
  const head = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { method: 'HEAD', headers });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };

  test('default: HEAD answers without a body', async () => {
    expect(await head('/identifiers')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      text: '',
    });
    expect(await head(`/identifiers/${a.did}`)).toEqual({ status: 200, type: LD, text: '' });
    expect(await head(`/identifiers/${a.did}`, { accept: 'application/did+json' })).toEqual({
      status: 200,
      type: PLAIN,
      text: '',
    });
  });

  test('error: HEAD errors carry no body', async () => {
    for (const [path, status, headers] of [
      [`/identifiers/${createDidCoreV1()}`, 404, {}],
      ['/identifiers/not-a-did', 400, {}],
      [`/identifiers/${a.did}?valid-at=soon`, 400, {}],
      ['/identifiers?page[size]=51', 400, {}],
      [`/identifiers?controller=${createDidCoreV1()}`, 404, {}],
      [`/identifiers/${a.did}`, 406, { accept: 'text/html' }],
    ] as const) {
      expect(await head(path, headers)).toMatchObject({ status, text: '' });
    }
  });

  test('error: other methods are 405 with Allow', async () => {
    for (const [method, path] of [
      ['POST', '/identifiers'],
      ['DELETE', `/identifiers/${a.did}`],
      ['PUT', `/identifiers/${a.did}`],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(await response.json()).toEqual({
        type: 'about:blank',
        title: 'Method Not Allowed',
        status: 405,
        detail: `The method ${method} is not allowed on this resource`,
      });
    }
  });

  test('error: the removed /actions route is 404', async () => {
    const response = await fetch(`${base}/identifiers/${a.did}/actions`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
