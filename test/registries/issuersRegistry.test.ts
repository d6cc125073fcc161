import { createHash } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type Address, getAddress, type Hex, hexToBytes, sha256, toHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { randomAccount } from '../support/chain.js';
import { startLenientIssuersRegistry } from '../support/lenientIssuersRegistry.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

const abi = REGISTRIES['issuers-registry'].abi;
const IssuerType = { RootTAO: 1, TAO: 2, TI: 3, Revoked: 4 } as const;
const ZERO = `0x${'00'.repeat(32)}` as Hex;

let node: TestNode;
let op: OperatorFixture;
let base: string;
let registry: Address;
let second: Address;
/** A RootTAO, a TAO with three attributes (the third revoked) and a TI with stored data. */
let root: { did: string; attributeId: Hex };
let tao: { did: string; attributeIds: [Hex, Hex, Hex]; revokedRevisionId: Hex };
let ti: { did: string; account: PrivateKeyAccount; attributeId: Hex; data: string[] };
let extra: string;
let onlySecond: { did: string; attributeId: Hex };
/** Issuers of the default instance, in order. */
let issuers: string[];

const randomId = (): Hex => generatePrivateKey();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** Registers a fresh did:core v1 in the default DID Registry, controlled by a fresh account. */
async function createHolder(): Promise<{ did: string; account: PrivateKeyAccount }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const did = createDidCoreV1();
  const raw = hexToBytes(account.publicKey);
  const jwk = `{"crv":"secp256k1","kty":"EC","x":"${b64url(raw.slice(1, 33))}","y":"${b64url(raw.slice(33, 65))}"}`;
  await op.chain.write(account, {
    address: node.environment.registries['did-registry'],
    abi: REGISTRIES['did-registry'].abi,
    functionName: 'insertDidDocument',
    args: [
      did,
      JSON.stringify({ '@context': ['https://www.w3.org/ns/did/v1'] }),
      createHash('sha256').update(jwk).digest('base64url'),
      account.publicKey,
      true,
      0n,
      2n ** 64n,
    ],
  });
  return { did, account };
}

const setMetadata = (
  did: string,
  revisionId: Hex,
  type: number,
  taoDid: string,
  taoAttribute: Hex,
  address = registry,
) =>
  op.write({
    address,
    abi,
    functionName: 'setAttributeMetadata',
    args: [did, revisionId, type, taoDid, taoAttribute],
  });

/** A VC-shaped JWT (unsigned signature part: the API checks no signature here). */
const fakeJwt = (payload: object) => {
  const [header, body] = [{ alg: 'ES256K', typ: 'JWT' }, payload].map((part) =>
    b64url(Buffer.from(JSON.stringify(part))),
  );
  return `${header}.${body}.c2ln`;
};

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  registry = node.environment.registries['issuers-registry'];
  base = `${node.url}/v1/issuers-registry`;

  root = { did: createDidCoreV1(), attributeId: randomId() };
  await setMetadata(root.did, root.attributeId, IssuerType.RootTAO, '', ZERO);
  const taoDid = createDidCoreV1();
  const taoIds: [Hex, Hex, Hex] = [randomId(), randomId(), randomId()];
  for (const id of taoIds)
    await setMetadata(taoDid, id, IssuerType.TAO, root.did, root.attributeId);
  await setMetadata(taoDid, taoIds[2], IssuerType.Revoked, root.did, root.attributeId);
  const holder = await createHolder();
  ti = { ...holder, attributeId: randomId(), data: [] };
  await setMetadata(ti.did, ti.attributeId, IssuerType.TI, taoDid, taoIds[0]);
  for (let i = 0; i < 2; i++) {
    const data = fakeJwt({ vc: { type: ['VerifiableCredential', 'Accreditation'], n: i } });
    ti.data.push(data);
    await op.chain.write(ti.account, {
      address: registry,
      abi,
      functionName: 'setAttributeData',
      args: [ti.did, ti.attributeId, toHex(data)],
    });
  }
  extra = createDidCoreV1();
  await setMetadata(extra, randomId(), IssuerType.RootTAO, '', ZERO);

  const revisions = (await op.chain.client.readContract({
    address: registry,
    abi,
    functionName: 'getAttributeRevisions',
    args: [taoDid, taoIds[2], 1n, 50n],
  })) as readonly [readonly Hex[], bigint];
  tao = { did: taoDid, attributeIds: taoIds, revokedRevisionId: revisions[0][1] as Hex };
  issuers = [op.operator.did, root.did, tao.did, ti.did, extra];

  second = await op.deployInstance('issuers-registry', [
    node.environment.registries['policies-registry'],
    node.environment.registries['did-registry'],
  ]);
  onlySecond = { did: createDidCoreV1(), attributeId: randomId() };
  await setMetadata(onlySecond.did, onlySecond.attributeId, IssuerType.RootTAO, '', ZERO, second);
});
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  getJson(node.url, `/v1/issuers-registry${path}`, headers);
const link = (path: string, page: number, size: number, extra = '') =>
  `${base}${path}?page[after]=${page}&page[size]=${size}${extra}`;
type Page<T = unknown> = {
  self: string;
  items: T[];
  total: number;
  pageSize: number;
  links: Record<string, string>;
};
const expectValidation = async (path: string, errors: object[]) => {
  const { status, body } = await get(path);
  expect(status).toBe(400);
  expect(body).toEqual({
    type: 'urn:core:problems:validation-error',
    title: 'Validation Error',
    status: 400,
    detail: 'The request failed validation',
    errors,
  });
};
const notFound = (title: string, detail: string) => ({
  type: 'urn:core:problems:not-found',
  title,
  status: 404,
  detail,
});

describe('GET /issuers', () => {
  test('default: issuers in the order they became issuers', async () => {
    const { status, body } = await get('/issuers');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/issuers', 1, 10),
      items: issuers.map((did) => ({ did, href: `${base}/issuers/${did}` })),
      total: 5,
      pageSize: 10,
      links: {
        first: link('/issuers', 1, 10),
        prev: link('/issuers', 1, 10),
        next: link('/issuers', 1, 10),
        last: link('/issuers', 1, 10),
      },
    });
  });

  test('behavior: first, middle, last and beyond-last pages', async () => {
    const pages = (await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await get(`/issuers?page[after]=${n}&page[size]=2`)).body),
    )) as Page<{ did: string }>[];
    expect(pages.map((p) => p.items.map((i) => i.did))).toEqual([
      issuers.slice(0, 2),
      issuers.slice(2, 4),
      issuers.slice(4),
      [],
    ]);
    expect(pages[1]?.links).toEqual({
      first: link('/issuers', 1, 2),
      prev: link('/issuers', 1, 2),
      next: link('/issuers', 3, 2),
      last: link('/issuers', 3, 2),
    });
    expect(pages[2]?.links.next).toBe(link('/issuers', 3, 2));
    expect(pages[3]).toMatchObject({ self: link('/issuers', 4, 2), total: 5 });
  });

  test('behavior: a second instance through contractAddress, kept in every link', async () => {
    const { status, body } = await get(`/issuers?contractAddress=${second.toLowerCase()}`);
    expect(status).toBe(200);
    const page = body as Page;
    expect(page.items).toEqual([
      { did: onlySecond.did, href: `${base}/issuers/${onlySecond.did}?contractAddress=${second}` },
    ]);
    expect(page.self).toBe(link('/issuers', 1, 10, `&contractAddress=${second}`));
    expect(page.links.last).toBe(link('/issuers', 1, 10, `&contractAddress=${second}`));
  });

  test.each([
    ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['type=TAO', 'type', 'Parameter "type" is not supported'],
    ['version=deprecated', 'version', 'Parameter "version" is not supported'],
  ])('error: %s', async (query, parameter, detail) => {
    await expectValidation(`/issuers?${query}`, [{ parameter, detail }]);
  });

  test('error: a registry of another type is 400 invalid-contract-address', async () => {
    const policies = node.environment.registries['policies-registry'];
    const { status, body } = await get(`/issuers?contractAddress=${policies}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:invalid-contract-address',
      title: 'Invalid Contract Address',
    });
  });
});

describe('GET /issuers/{did}', () => {
  test('default: a link to the attributes and hasAttributes', async () => {
    expect((await get(`/issuers/${ti.did}`)).body).toEqual({
      did: ti.did,
      attributes: `${base}/issuers/${ti.did}/attributes`,
      hasAttributes: true,
    });
    expect((await get(`/issuers/${tao.did}?version=latest`)).body).toEqual({
      did: tao.did,
      attributes: `${base}/issuers/${tao.did}/attributes`,
      hasAttributes: false,
    });
  });

  test('behavior: version=deprecated lists every attribute at its latest revision', async () => {
    const { status, body } = await get(`/issuers/${tao.did}?version=deprecated`);
    expect(status).toBe(200);
    const attribute = (hash: Hex, issuerType: string) => ({
      hash,
      body: '',
      issuerType,
      tao: root.did,
      rootTao: root.did,
    });
    expect(body).toEqual({
      did: tao.did,
      attributes: [
        attribute(tao.attributeIds[0], 'TAO'),
        attribute(tao.attributeIds[1], 'TAO'),
        attribute(tao.revokedRevisionId, 'Revoked'),
      ],
    });
  });

  test('behavior: an issuer of the second instance only', async () => {
    expect((await get(`/issuers/${onlySecond.did}`)).body).toEqual(
      notFound('Issuer Not Found', `Issuer ${onlySecond.did} is not registered`),
    );
    expect((await get(`/issuers/${onlySecond.did}?contractAddress=${second}`)).body).toEqual({
      did: onlySecond.did,
      attributes: `${base}/issuers/${onlySecond.did}/attributes?contractAddress=${second}`,
      hasAttributes: false,
    });
  });

  test('error: an unknown issuer is 404 Issuer Not Found', async () => {
    const did = createDidCoreV1();
    const { status, body } = await get(`/issuers/${did}`);
    expect(status).toBe(404);
    expect(body).toEqual(notFound('Issuer Not Found', `Issuer ${did} is not registered`));
  });

  test.each([
    ['did:core:zBadDid'],
    ['did:ebsi:zxaYaUtb8pvoAtYNWbKcveg'],
    [`did:key:z${'1'.repeat(20)}`],
  ])('error: %s is not a did:core v1', async (did) => {
    await expectValidation(`/issuers/${did}`, [
      { parameter: 'did', detail: 'Parameter "did" must be a valid did:core v1' },
    ]);
  });

  test('error: an unknown version', async () => {
    await expectValidation(`/issuers/${ti.did}?version=v2`, [
      { parameter: 'version', detail: 'Parameter "version" must be one of "latest", "deprecated"' },
    ]);
  });
});

describe('GET /issuers/{did}/attributes', () => {
  test('default: attribute ids, oldest first', async () => {
    const { status, body } = await get(`/issuers/${tao.did}/attributes`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      self: link(`/issuers/${tao.did}/attributes`, 1, 10),
      items: tao.attributeIds.map((id) => ({
        id,
        href: `${base}/issuers/${tao.did}/attributes/${id}`,
      })),
      total: 3,
      pageSize: 10,
    });
  });

  test('behavior: first, middle, last and beyond-last pages', async () => {
    const path = `/issuers/${tao.did}/attributes`;
    const pages = (await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await get(`${path}?page[after]=${n}&page[size]=1`)).body),
    )) as Page<{ id: Hex }>[];
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([
      [tao.attributeIds[0]],
      [tao.attributeIds[1]],
      [tao.attributeIds[2]],
      [],
    ]);
    expect(pages[1]?.links).toEqual({
      first: link(path, 1, 1),
      prev: link(path, 1, 1),
      next: link(path, 3, 1),
      last: link(path, 3, 1),
    });
  });

  test('error: the attributes of an unknown issuer', async () => {
    const did = createDidCoreV1();
    expect((await get(`/issuers/${did}/attributes`)).body).toEqual(
      notFound('Issuer Not Found', `Issuer ${did} is not registered`),
    );
  });

  test('error: page[after]=1.5 and an unknown parameter', async () => {
    await expectValidation(`/issuers/${tao.did}/attributes?page[after]=1.5&q=1`, [
      { parameter: 'q', detail: 'Parameter "q" is not supported' },
      { parameter: 'page[after]', detail: 'Parameter "page[after]" must be an integer' },
    ]);
  });
});

describe('GET /issuers/{did}/attributes/{id}', () => {
  test('default: the latest revision of an attribute', async () => {
    const { status, body } = await get(`/issuers/${ti.did}/attributes/${ti.attributeId}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      did: ti.did,
      attribute: {
        hash: sha256(toHex(ti.data[1] as string)),
        body: ti.data[1],
        issuerType: 'TI',
        tao: tao.did,
        rootTao: root.did,
      },
    });
  });

  test('args: the id without 0x, in upper case', async () => {
    const id = ti.attributeId.slice(2).toUpperCase();
    const { status, body } = await get(`/issuers/${ti.did}/attributes/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ attribute: { hash: sha256(toHex(ti.data[1] as string)) } });
  });

  test('behavior: a RootTAO names itself', async () => {
    expect((await get(`/issuers/${root.did}/attributes/${root.attributeId}`)).body).toEqual({
      did: root.did,
      attribute: {
        hash: root.attributeId,
        body: '',
        issuerType: 'RootTAO',
        tao: root.did,
        rootTao: root.did,
      },
    });
  });

  test('error: an unknown attribute, or one of another issuer', async () => {
    const id = randomId();
    expect((await get(`/issuers/${ti.did}/attributes/${id}`)).body).toEqual(
      notFound('Attribute Not Found', `Issuer ${ti.did} has no attribute ${id}`),
    );
    const { status } = await get(`/issuers/${ti.did}/attributes/${tao.attributeIds[0]}`);
    expect(status).toBe(404);
  });

  test.each([['0x1234'], [`0x${'g'.repeat(64)}`], [`0x${'a'.repeat(65)}`]])(
    'error: malformed id %s',
    async (id) => {
      await expectValidation(`/issuers/${ti.did}/attributes/${id}`, [
        { parameter: 'id', detail: 'Parameter "id" must match ^(0x)?[0-9a-fA-F]{64}$' },
      ]);
    },
  );
});

describe('GET /issuers/{did}/attributes/{id}?valid-at', () => {
  const path = () => `/issuers/${ti.did}/attributes/${ti.attributeId}`;
  const revisionTimes = async () => {
    const [ids] = (await op.chain.client.readContract({
      address: registry,
      abi,
      functionName: 'getAttributeRevisions',
      args: [ti.did, ti.attributeId, 1n, 50n],
    })) as readonly [readonly Hex[], bigint];
    return Promise.all(
      ids.map(async (id) => {
        const revision = (await op.chain.client.readContract({
          address: registry,
          abi,
          functionName: 'getAttributeRevision',
          args: [ti.did, ti.attributeId, id],
        })) as { timestamp: bigint };
        return { id, time: Number(revision.timestamp) };
      }),
    );
  };
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  test('behavior: the revision that was the latest at that time', async () => {
    const revisions = await revisionTimes();
    expect(revisions).toHaveLength(3);
    for (const { time } of revisions) {
      const latestThen = revisions.filter((revision) => revision.time <= time).at(-1);
      const { status, body } = await get(`${path()}?valid-at=${iso(time)}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ did: ti.did, attribute: { hash: latestThen?.id } });
    }
    const now = await get(`${path()}?valid-at=${iso(Math.floor(Date.now() / 1000) + 3600)}`);
    expect(now.body).toEqual((await get(path())).body);
  });

  test('error: before its first revision is 404 Revision Not Found; a bad time is 400', async () => {
    const [first] = await revisionTimes();
    const before = iso((first?.time ?? 0) - 1);
    const { status, body } = await get(`${path()}?valid-at=${before}`);
    expect(status).toBe(404);
    expect(body).toEqual(
      notFound(
        'Revision Not Found',
        `Attribute ${ti.attributeId} of issuer ${ti.did} had no revision at ${before}`,
      ),
    );
    await expectValidation(`${path()}?valid-at=yesterday`, [
      {
        parameter: 'valid-at',
        detail: 'Parameter "valid-at" must be a date (YYYY-MM-DD) or an RFC 3339 date-time',
      },
    ]);
  });
});

describe('GET /issuers/{did}/attributes/{id}/revisions', () => {
  const revisionIds = () => [
    ti.attributeId,
    sha256(toHex(ti.data[0] as string)),
    sha256(toHex(ti.data[1] as string)),
  ];
  const path = () => `/issuers/${ti.did}/attributes/${ti.attributeId}/revisions`;

  test('default: revision ids with their links', async () => {
    const { status, body } = await get(path());
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link(path(), 1, 10),
      items: revisionIds().map((id) => ({ id, href: `${base}${path()}/${id}` })),
      total: 3,
      pageSize: 10,
      links: {
        first: link(path(), 1, 10),
        prev: link(path(), 1, 10),
        next: link(path(), 1, 10),
        last: link(path(), 1, 10),
      },
    });
  });

  test('behavior: first, middle, last and beyond-last pages', async () => {
    const pages = (await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await get(`${path()}?page[after]=${n}&page[size]=1`)).body),
    )) as Page<{ id: Hex }>[];
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([
      ...revisionIds().map((id) => [id]),
      [],
    ]);
    expect(pages[2]?.links).toEqual({
      first: link(path(), 1, 1),
      prev: link(path(), 2, 1),
      next: link(path(), 3, 1),
      last: link(path(), 3, 1),
    });
  });

  test('behavior: version=deprecated puts full revisions in the items, kept in links', async () => {
    const { status, body } = await get(`${path()}?version=deprecated&page[size]=2`);
    expect(status).toBe(200);
    const chain = { issuerType: 'TI', tao: tao.did, rootTao: root.did };
    expect(body).toEqual({
      self: link(path(), 1, 2, '&version=deprecated'),
      items: [
        { hash: ti.attributeId, body: '', ...chain },
        { hash: sha256(toHex(ti.data[0] as string)), body: ti.data[0], ...chain },
      ],
      total: 3,
      pageSize: 2,
      links: {
        first: link(path(), 1, 2, '&version=deprecated'),
        prev: link(path(), 1, 2, '&version=deprecated'),
        next: link(path(), 2, 2, '&version=deprecated'),
        last: link(path(), 2, 2, '&version=deprecated'),
      },
    });
    const latest = (await get(`${path()}?version=latest`)).body as Page<{ href: string }>;
    expect(latest.self).toBe(link(path(), 1, 10, '&version=latest'));
    expect(latest.items[0]).toEqual({
      id: ti.attributeId,
      href: `${base}${path()}/${ti.attributeId}`,
    });
  });

  test('error: unknown attribute, bad version', async () => {
    const id = randomId();
    expect((await get(`/issuers/${ti.did}/attributes/${id}/revisions`)).body).toEqual(
      notFound('Attribute Not Found', `Issuer ${ti.did} has no attribute ${id}`),
    );
    await expectValidation(`${path()}?version=old&page[size]=51`, [
      {
        parameter: 'page[size]',
        detail: 'Parameter "page[size]" must be less than or equal to 50',
      },
      { parameter: 'version', detail: 'Parameter "version" must be one of "latest", "deprecated"' },
    ]);
  });
});

describe('GET /issuers/{did}/attributes/{id}/revisions/{revId}', () => {
  test('default: one revision', async () => {
    const revId = sha256(toHex(ti.data[0] as string));
    const { status, body } = await get(
      `/issuers/${ti.did}/attributes/${ti.attributeId}/revisions/${revId}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      did: ti.did,
      attribute: {
        hash: revId,
        body: ti.data[0],
        issuerType: 'TI',
        tao: tao.did,
        rootTao: root.did,
      },
    });
  });

  test('behavior: the revoked revision of a TAO attribute', async () => {
    const [id] = tao.attributeIds.slice(2);
    const { body } = await get(
      `/issuers/${tao.did}/attributes/${id}/revisions/${tao.revokedRevisionId.slice(2)}`,
    );
    expect(body).toMatchObject({
      attribute: { hash: tao.revokedRevisionId, issuerType: 'Revoked' },
    });
  });

  test('error: an unknown revision is 404 Revision Not Found', async () => {
    const revId = randomId();
    const { status, body } = await get(
      `/issuers/${ti.did}/attributes/${ti.attributeId}/revisions/${revId}`,
    );
    expect(status).toBe(404);
    expect(body).toEqual(
      notFound(
        'Revision Not Found',
        `Attribute ${ti.attributeId} of issuer ${ti.did} has no revision ${revId}`,
      ),
    );
  });

  test('error: a malformed revision id', async () => {
    await expectValidation(`/issuers/${ti.did}/attributes/${ti.attributeId}/revisions/xyz`, [
      { parameter: 'revId', detail: 'Parameter "revId" must match ^(0x)?[0-9a-fA-F]{64}$' },
    ]);
  });
});

describe('HTTP conventions', () => {
  test('behavior: HEAD answers without a body, errors too', async () => {
    const head = await fetch(`${base}/issuers/${ti.did}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const missing = await fetch(`${base}/issuers/${createDidCoreV1()}`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });

  test('error: other methods are 405 with Allow', async () => {
    const paths = [
      '/issuers',
      `/issuers/${ti.did}`,
      `/issuers/${ti.did}/attributes/${ti.attributeId}/revisions`,
    ];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`, { method: 'PUT' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  test('error: an unsatisfiable Accept is 406', async () => {
    expect((await get(`/issuers/${ti.did}`, { accept: 'application/xml' })).status).toBe(406);
  });

  test('behavior: a contract address in another letter case is answered checksummed', async () => {
    const { body } = await get(
      `/issuers/${onlySecond.did}/attributes?contractAddress=${second.toLowerCase()}`,
    );
    expect((body as Page).self).toBe(
      link(
        `/issuers/${onlySecond.did}/attributes`,
        1,
        10,
        `&contractAddress=${getAddress(second)}`,
      ),
    );
  });

  test('error: a contract address with no contract', async () => {
    const empty = getAddress(randomAccount().address);
    const { status, body } = await get(`/issuers/${ti.did}?contractAddress=${empty}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ detail: `No contract is deployed at ${empty}` });
  });
});

describe('issuer proxies', () => {
  /** What the upstream saw. */
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const statusList = (context: string, type: string) => ({
    '@context': [context],
    type: ['VerifiableCredential', type],
    credentialSubject: { id: 'https://x/list#list', type: 'StatusList', encodedList: 'H4sIAAAA' },
  });
  const VC1 = 'https://www.w3.org/2018/credentials/v1';
  const VC2 = 'https://www.w3.org/ns/credentials/v2';
  const jwts = {
    v1: fakeJwt({ iss: 'did:core:x', vc: statusList(VC1, 'StatusList2021Credential') }),
    v2: fakeJwt(statusList(VC2, 'BitstringStatusListCredential')),
    notStatus: fakeJwt({ vc: statusList(VC1, 'VerifiableAttestation') }),
    noList: fakeJwt({
      vc: { ...statusList(VC1, 'StatusList2021Credential'), credentialSubject: {} },
    }),
  };
  let upstream: Server;
  let upstreamUrl: string;
  /** A node whose proxy resolution may use http and loopback (tests only), 500 ms, 64 KiB. */
  let lenient: FastifyInstance;
  let lenientBase: string;
  let ids: Record<'good' | 'literal' | 'named' | 'query' | 'invalid', Hex>;

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      seen.push({ url: request.url ?? '', headers: request.headers });
      const send = (status: number, body: string, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/jwt', ...headers }).end(body);
      const path = request.url?.replace(/^\/lists/, '');
      if (request.headers.authorization !== 'Bearer s3cret') return send(401, 'no');
      if (path === '/v1/1') return send(200, `${jwts.v1}\n`);
      if (path === '/v2/bitstring') return send(200, jwts.v2);
      if (path === '/fail') return send(500, 'boom');
      if (path === '/redirect') return send(302, '', { location: '/lists/v1/1' });
      if (path === '/plain') return send(200, 'hello');
      if (path === '/not-status') return send(200, jwts.notStatus);
      if (path === '/no-list') return send(200, jwts.noList);
      if (path === '/big') return send(200, 'a'.repeat(100_000));
      if (path === '/big-chunked') {
        response.writeHead(200, { 'content-type': 'application/jwt' });
        for (let i = 0; i < 10; i++) response.write('a'.repeat(10_000));
        return response.end();
      }
      if (path === '/slow') return; // never answers
      send(404, 'not found');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as { port: number }).port;
    upstreamUrl = `http://127.0.0.1:${port}`;

    const stored = {
      good: JSON.stringify({
        prefix: `${upstreamUrl}/lists`,
        headers: { Authorization: 'Bearer s3cret', 'X-Extra': 'not forwarded' },
        testSuffix: '/v1/1',
      }),
      literal: JSON.stringify({ prefix: `https://127.0.0.1:${port}`, testSuffix: '/1' }),
      named: JSON.stringify({
        prefix: `https://localhost:${port}/x`,
        headers: {},
        testSuffix: '/1',
      }),
      query: JSON.stringify({ prefix: `${upstreamUrl}/lists?a=1`, headers: {}, testSuffix: '/1' }),
      invalid: 'not json',
    };
    ids = {} as typeof ids;
    for (const [name, data] of Object.entries(stored)) {
      await op.write({
        address: registry,
        abi,
        functionName: 'addIssuerProxy',
        args: [ti.did, data],
      });
      ids[name as keyof typeof ids] = sha256(toHex(data));
    }

    let address: string;
    ({ app: lenient, url: address } = await startLenientIssuersRegistry(node, {
      timeoutMs: 500,
      maxBytes: 64 * 1024,
    }));
    lenientBase = `${address}/v1/issuers-registry/issuers/${ti.did}/proxies`;
  });
  afterAll(async () => {
    await lenient?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const resolve = async (proxyId: Hex, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${lenientBase}/${proxyId}/${path}`, { headers });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), text };
  };
  const upstreamError = (detail: string) => ({
    type: 'urn:core:problems:upstream-error',
    title: 'Bad Gateway',
    status: 502,
    detail,
  });

  test('default: GET /issuers/{did}/proxies, paginated', async () => {
    const path = `/issuers/${ti.did}/proxies`;
    const order = [ids.good, ids.literal, ids.named, ids.query, ids.invalid];
    const { status, body } = await get(path);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      self: link(path, 1, 10),
      items: order.map((proxyId) => ({ proxyId, href: `${base}${path}/${proxyId}` })),
      total: 5,
    });
    const pages = (await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await get(`${path}?page[after]=${n}&page[size]=2`)).body),
    )) as Page<{ proxyId: Hex }>[];
    expect(pages.map((p) => p.items.map((i) => i.proxyId))).toEqual([
      order.slice(0, 2),
      order.slice(2, 4),
      order.slice(4),
      [],
    ]);
    expect(pages[1]?.links).toEqual({
      first: link(path, 1, 2),
      prev: link(path, 1, 2),
      next: link(path, 3, 2),
      last: link(path, 3, 2),
    });
  });

  test('default: GET /proxies/{proxyId} publishes header names, never values', async () => {
    const { status, body } = await get(`/issuers/${ti.did}/proxies/${ids.good.slice(2)}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      prefix: `${upstreamUrl}/lists`,
      headers: ['Authorization', 'X-Extra'],
      testSuffix: '/v1/1',
    });
    expect(JSON.stringify(body)).not.toContain('s3cret');
    expect((await get(`/issuers/${ti.did}/proxies/${ids.literal}`)).body).toMatchObject({
      headers: [],
    });
  });

  test('error: unknown proxy, unknown issuer, malformed id, unusable stored data', async () => {
    const proxyId = randomId();
    expect((await get(`/issuers/${ti.did}/proxies/${proxyId}`)).body).toEqual(
      notFound('Proxy Not Found', `Issuer ${ti.did} has no proxy ${proxyId}`),
    );
    const did = createDidCoreV1();
    expect((await get(`/issuers/${did}/proxies`)).body).toEqual(
      notFound('Issuer Not Found', `Issuer ${did} is not registered`),
    );
    await expectValidation(`/issuers/${ti.did}/proxies/0x12`, [
      { parameter: 'proxyId', detail: 'Parameter "proxyId" must match ^(0x)?[0-9a-fA-F]{64}$' },
    ]);
    const invalid = {
      type: 'urn:core:problems:internal-error',
      title: 'Invalid Proxy',
      status: 500,
      detail: `Proxy ${ids.invalid} of issuer ${ti.did} is not a valid proxy`,
    };
    expect((await get(`/issuers/${ti.did}/proxies/${ids.invalid}`)).body).toEqual(invalid);
    expect((await get(`/issuers/${ti.did}/proxies/${ids.invalid}/a`)).body).toEqual(invalid);
  });

  test('behavior: a second instance has its own proxies', async () => {
    expect((await get(`/issuers/${ti.did}/proxies?contractAddress=${second}`)).body).toEqual(
      notFound('Issuer Not Found', `Issuer ${ti.did} is not registered`),
    );
    const { body } = await get(`/issuers/${onlySecond.did}/proxies?contractAddress=${second}`);
    expect(body).toMatchObject({
      self: link(`/issuers/${onlySecond.did}/proxies`, 1, 10, `&contractAddress=${second}`),
      items: [],
      total: 0,
    });
  });

  test('default: resolution answers the status list JWT, with the stored headers', async () => {
    seen.length = 0;
    const v1 = await resolve(ids.good, 'v1/1');
    expect(v1).toEqual({ status: 200, type: 'application/jwt; charset=utf-8', text: jwts.v1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/lists/v1/1');
    expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer s3cret' });
    expect(seen[0]?.headers['x-extra']).toBeUndefined();
  });

  test('behavior: a VCDM 2.0 BitstringStatusListCredential, as text/plain when asked', async () => {
    const v2 = await resolve(ids.good, 'v2/bitstring', { accept: 'text/plain' });
    expect(v2).toEqual({ status: 200, type: 'text/plain; charset=utf-8', text: jwts.v2 });
    expect((await resolve(ids.good, 'v2/bitstring', { accept: 'text/html' })).status).toBe(406);
  });

  test('behavior: contractAddress is accepted, other parameters are not', async () => {
    const path = `${lenientBase}/${ids.good}/v1/1`;
    expect((await fetch(`${path}?contractAddress=${registry}`)).status).toBe(200);
    const other = await fetch(`${path}?x=1`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({
      errors: [{ parameter: 'x', detail: 'Parameter "x" is not supported' }],
    });
  });

  test.each([
    ['fail', "The proxy's upstream answered HTTP 500"],
    ['redirect', "The proxy's upstream answered a redirect (HTTP 302), which is not followed"],
    ['plain', "The proxy's upstream answered something that is not a compact JWS"],
    [
      'not-status',
      "The proxy's upstream answered a credential that is neither a StatusList2021Credential nor a BitstringStatusListCredential",
    ],
    ['no-list', `The proxy's upstream answered a status list credential without an "encodedList"`],
    ['big', "The proxy's upstream answered more than 65536 bytes"],
    ['big-chunked', "The proxy's upstream answered more than 65536 bytes"],
    ['missing', "The proxy's upstream answered HTTP 404"],
  ])('error: upstream %s is 502', async (path, detail) => {
    const { status, type, text } = await resolve(ids.good, path);
    expect(status).toBe(502);
    expect(type).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(text)).toEqual(upstreamError(detail));
  });

  test('error: an upstream that does not answer in time is 504', async () => {
    const { status, text } = await resolve(ids.good, 'slow');
    expect(status).toBe(504);
    expect(JSON.parse(text)).toEqual({
      type: 'urn:core:problems:upstream-timeout',
      title: 'Gateway Timeout',
      status: 504,
      detail: "The proxy's upstream did not answer within 500 ms",
    });
  });

  test('error: an unreachable upstream is 502', async () => {
    const { status, text } = await resolve(ids.literal, 'x');
    expect(status).toBe(502);
    expect(JSON.parse(text)).toEqual(upstreamError("The proxy's upstream could not be reached"));
  });

  test('error: a prefix with a query is refused', async () => {
    const { text } = await resolve(ids.query, 'x');
    expect(JSON.parse(text)).toEqual(
      upstreamError("The proxy's prefix has a query, a fragment or credentials"),
    );
  });

  test('error: an empty path, or one climbing out of the prefix, is 400', async () => {
    const empty = await resolve(ids.good, '');
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.text)).toMatchObject({
      errors: [{ parameter: 'path', detail: 'Parameter "path" is required' }],
    });
    for (const path of ['../../secret', '%2e%2e/%2e%2e/secret']) {
      const raw = await new Promise<{ status: number; body: string }>((done, fail) => {
        const url = new URL(lenientBase);
        httpRequest(
          { host: url.hostname, port: url.port, path: `${url.pathname}/${ids.good}/${path}` },
          (response) => {
            let body = '';
            response.on('data', (chunk) => {
              body += chunk;
            });
            response.on('end', () => done({ status: response.statusCode ?? 0, body }));
          },
        )
          .on('error', fail)
          .end();
      });
      expect(raw.status).toBe(400);
      expect(JSON.parse(raw.body)).toMatchObject({
        errors: [
          { parameter: 'path', detail: 'Parameter "path" must stay under the proxy prefix' },
        ],
      });
    }
  });

  test('behavior: in production, http and non-public upstreams are refused', async () => {
    const production = (proxyId: Hex) => get(`/issuers/${ti.did}/proxies/${proxyId}/v1/1`);
    expect((await production(ids.good)).body).toEqual(
      upstreamError("The proxy's prefix is not an https URL"),
    );
    expect((await production(ids.literal)).body).toEqual(
      upstreamError("The proxy's prefix is not a public address"),
    );
    expect((await production(ids.named)).body).toEqual(
      upstreamError("The proxy's prefix does not resolve to a public address"),
    );
  });

  test('behavior: HEAD and 405 on proxy routes', async () => {
    const head = await fetch(`${lenientBase}/${ids.good}/v1/1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${base}/issuers/${ti.did}/proxies/${ids.good}/v1/1`, {
      method: 'POST',
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
