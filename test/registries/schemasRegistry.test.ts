import { base58btc } from 'multiformats/bases/base58';
import { type Address, type Hex, hexToBytes, sha256, toHex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

const abi = REGISTRIES['schemas-registry'].abi;
const VALIDATION = 'urn:core:problems:validation-error';

let node: TestNode;
let op: OperatorFixture;
let base: string;
let registry: Address;
let second: Address;

const doc = (value: unknown): Hex => toHex(JSON.stringify(value));
const multibase = (id: Hex) => base58btc.encode(hexToBytes(id));

/** Five schemas in registration order; the first has three revisions, the last is not JSON. */
const schemaIds = Array.from({ length: 5 }, () => generatePrivateKey());
const main = schemaIds[0] as Hex;
const binary = schemaIds[4] as Hex;
const onlySecond = generatePrivateKey();
const docs = {
  r1: doc({ $id: 'one', type: 'object' }),
  r2: doc({ $id: 'two', type: 'object', required: ['a'] }),
  r3: doc({ $id: 'three', type: 'string' }),
  m1: doc({ validFrom: '2020-01-01T00:00:00Z', validTo: '2020-12-31T23:59:59Z' }),
  m1b: doc({ validFrom: '2019-01-01T00:00:00Z', validTo: '2019-12-31T23:59:59Z' }),
  m2: doc({ validFrom: '2021-01-01T00:00:00Z', name: 'open-ended' }),
  m3: '0xdeadbeef' as Hex,
  binary: '0xfffe00ff' as Hex,
};
const ids = {
  r1: sha256(docs.r1),
  r2: sha256(docs.r2),
  r3: sha256(docs.r3),
  m1: sha256(docs.m1),
  m1b: sha256(docs.m1b),
};

const write = (functionName: string, args: readonly unknown[], address = registry) =>
  op.write({ address, abi, functionName, args });

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  base = `${node.url}/v1/schemas-registry`;
  registry = node.environment.registries['schemas-registry'];
  await write('insertSchema', [main, docs.r1, docs.m1]);
  for (const [i, id] of schemaIds.slice(1, 4).entries()) {
    await write('insertSchema', [id, doc({ $id: `other-${i}` }), doc({ n: i })]);
  }
  await write('insertSchema', [binary, docs.binary, doc({ kind: 'binary' })]);
  await write('updateSchema', [main, docs.r2, docs.m2]);
  await write('updateSchema', [main, docs.r3, docs.m3]);
  await write('updateMetadata', [main, ids.r1, docs.m1b]);
  const policies = node.environment.registries['policies-registry'];
  second = await op.deployInstance('schemas-registry', [policies]);
  await write('insertSchema', [onlySecond, doc({ $id: 'second' }), doc({ n: 2 })], second);
});
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  getJson(node.url, `/v1/schemas-registry${path}`, headers);
const raw = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });
const link = (path: string, page: number, size: number, extra = '') =>
  `${base}${path}?page[after]=${page}&page[size]=${size}${extra}`;
const revisionsPath = () => `/schemas/${multibase(main)}/revisions`;

async function expectValidation(path: string, errors: { parameter: string; detail: string }[]) {
  const { status, headers, body } = await get(path);
  expect(status).toBe(400);
  expect(headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect(body).toEqual({
    type: VALIDATION,
    title: 'Validation Error',
    status: 400,
    detail: 'The request failed validation',
    errors,
  });
}

const SCHEMA_ID_ERROR = {
  parameter: 'schemaId',
  detail:
    'Parameter "schemaId" must be 32 bytes as base58btc multibase ("z…") or as 0x-prefixed hex',
};

describe('GET /schemas', () => {
  test('default: ids as base58btc multibase, three pages of two', async () => {
    const { status, body } = await get('/schemas?page[size]=2');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/schemas', 1, 2),
      items: schemaIds.slice(0, 2).map((id) => ({
        schemaId: multibase(id),
        href: `${base}/schemas/${multibase(id)}`,
      })),
      total: 5,
      pageSize: 2,
      links: {
        first: link('/schemas', 1, 2),
        prev: link('/schemas', 1, 2),
        next: link('/schemas', 2, 2),
        last: link('/schemas', 3, 2),
      },
    });
    expect(multibase(main)).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{40,44}$/);
  });

  test('behavior: middle, last and beyond-last pages', async () => {
    const middle = (await get('/schemas?page[after]=2&page[size]=2')).body as {
      items: { schemaId: string }[];
      links: object;
    };
    expect(middle.items.map((i) => i.schemaId)).toEqual(schemaIds.slice(2, 4).map(multibase));
    expect(middle.links).toEqual({
      first: link('/schemas', 1, 2),
      prev: link('/schemas', 1, 2),
      next: link('/schemas', 3, 2),
      last: link('/schemas', 3, 2),
    });
    const last = (await get('/schemas?page[after]=3&page[size]=2')).body as {
      items: { schemaId: string }[];
      links: { next: string; prev: string };
    };
    expect(last.items.map((i) => i.schemaId)).toEqual([multibase(binary)]);
    expect(last.links).toMatchObject({
      prev: link('/schemas', 2, 2),
      next: link('/schemas', 3, 2),
    });
    expect((await get('/schemas?page[after]=4&page[size]=2')).body).toMatchObject({
      self: link('/schemas', 4, 2),
      items: [],
      total: 5,
    });
  });

  test('behavior: a second instance through contractAddress, kept in every link', async () => {
    const { body } = await get(`/schemas?contractAddress=${second}`);
    expect(body).toEqual({
      self: link('/schemas', 1, 10, `&contractAddress=${second}`),
      items: [
        {
          schemaId: multibase(onlySecond),
          href: `${base}/schemas/${multibase(onlySecond)}?contractAddress=${second}`,
        },
      ],
      total: 1,
      pageSize: 10,
      links: {
        first: link('/schemas', 1, 10, `&contractAddress=${second}`),
        prev: link('/schemas', 1, 10, `&contractAddress=${second}`),
        next: link('/schemas', 1, 10, `&contractAddress=${second}`),
        last: link('/schemas', 1, 10, `&contractAddress=${second}`),
      },
    });
  });

  test.each([
    ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['owner=x', 'owner', 'Parameter "owner" is not supported'],
    [
      'contractAddress=0x12',
      'contractAddress',
      'Parameter "contractAddress" must match ^0x[0-9a-fA-F]{40}$',
    ],
  ])('error: %s', async (query, parameter, detail) => {
    await expectValidation(`/schemas?${query}`, [{ parameter, detail }]);
  });

  test('error: a contract of another type is an invalid contract address', async () => {
    const policies = node.environment.registries['policies-registry'];
    const { status, body } = await get(`/schemas?contractAddress=${policies}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:invalid-contract-address',
      title: 'Invalid Contract Address',
    });
  });
});

describe('GET /schemas/{schemaId}', () => {
  test('default: the latest revision document, by multibase or 0x hex id', async () => {
    const response = await raw(`/schemas/${multibase(main)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    expect(text).toBe(JSON.stringify({ $id: 'three', type: 'string' }));
    expect(sha256(toHex(text))).toBe(ids.r3);
    for (const id of [main, main.toUpperCase().replace('0X', '0x')]) {
      expect((await get(`/schemas/${id}`)).body).toEqual({ $id: 'three', type: 'string' });
    }
  });

  test('behavior: a document that is not JSON is served as bytes, or 406 to JSON-only clients', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/octet-stream' }]) {
      const response = await raw(`/schemas/${multibase(binary)}`, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(toHex(new Uint8Array(await response.arrayBuffer()))).toBe(docs.binary);
    }
    const refused = await get(`/schemas/${multibase(binary)}`, { accept: 'application/json' });
    expect(refused.status).toBe(406);
    expect(refused.body).toEqual({
      type: 'about:blank',
      title: 'Not Acceptable',
      status: 406,
      detail: `Revision ${sha256(docs.binary)} of schema ${multibase(binary)} is not JSON: it is served as application/octet-stream only, which "Accept" does not allow`,
    });
  });

  test('behavior: the bytes of a JSON document on request', async () => {
    const response = await raw(`/schemas/${main}`, { accept: 'application/octet-stream' });
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(toHex(new Uint8Array(await response.arrayBuffer()))).toBe(docs.r3);
  });

  test('behavior: the second instance holds other schemas', async () => {
    expect((await get(`/schemas/${multibase(onlySecond)}?contractAddress=${second}`)).body).toEqual(
      { $id: 'second' },
    );
    expect((await get(`/schemas/${multibase(onlySecond)}`)).status).toBe(404);
    expect((await get(`/schemas/${multibase(main)}?contractAddress=${second}`)).status).toBe(404);
  });

  test('error: an unknown schema is 404 Schema Not Found', async () => {
    const unknown = generatePrivateKey();
    expect((await get(`/schemas/${unknown}`)).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Schema Not Found',
      status: 404,
      detail: `Schema ${multibase(unknown)} is not registered`,
    });
  });

  test.each([
    ['not base58btc', 'z0OIl'],
    ['base58btc of 31 bytes', base58btc.encode(new Uint8Array(31).fill(7))],
    ['base58btc of 33 bytes', base58btc.encode(new Uint8Array(33).fill(7))],
    ['another multibase', `u${'A'.repeat(43)}`],
    ['hex of 31 bytes', `0x${'ab'.repeat(31)}`],
    ['hex with a bad digit', `0x${'ab'.repeat(31)}zz`],
    ['hex without 0x', 'ab'.repeat(32)],
  ])('error: schemaId %s', async (_, schemaId) => {
    await expectValidation(`/schemas/${schemaId}`, [SCHEMA_ID_ERROR]);
  });

  test('error: unknown parameters, HEAD, 405 and 406', async () => {
    await expectValidation(`/schemas/${main}?page[size]=1`, [
      { parameter: 'page[size]', detail: 'Parameter "page[size]" is not supported' },
    ]);
    const head = await fetch(`${base}/schemas/${multibase(main)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const headMissing = await fetch(`${base}/schemas/${generatePrivateKey()}`, { method: 'HEAD' });
    expect(headMissing.status).toBe(404);
    expect(await headMissing.text()).toBe('');
    const post = await fetch(`${base}/schemas/${main}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/schemas', { accept: 'text/html' })).status).toBe(406);
    expect((await get(`/schemas/${main}`, { accept: 'text/html' })).status).toBe(406);
  });
});

describe('GET /schemas/{schemaId}/revisions', () => {
  const revision = (id: Hex, extra = '') => ({
    schemaRevisionId: id,
    href: `${base}${revisionsPath()}/${id}${extra}`,
  });

  test('default: revisions oldest first, one per page across three pages', async () => {
    const path = revisionsPath();
    const first = await get(`${path}?page[size]=1`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      self: link(path, 1, 1),
      items: [revision(ids.r1)],
      total: 3,
      pageSize: 1,
      links: {
        first: link(path, 1, 1),
        prev: link(path, 1, 1),
        next: link(path, 2, 1),
        last: link(path, 3, 1),
      },
    });
    expect((await get(`${path}?page[size]=1&page[after]=2`)).body).toMatchObject({
      items: [revision(ids.r2)],
      links: { prev: link(path, 1, 1), next: link(path, 3, 1) },
    });
    expect((await get(`${path}?page[size]=1&page[after]=3`)).body).toMatchObject({
      items: [revision(ids.r3)],
      links: { prev: link(path, 2, 1), next: link(path, 3, 1), last: link(path, 3, 1) },
    });
    expect((await get(`${path}?page[size]=1&page[after]=4`)).body).toMatchObject({
      self: link(path, 4, 1),
      items: [],
      total: 3,
    });
  });

  test('behavior: a hex schema id lists under the multibase one', async () => {
    const { body } = await get(`/schemas/${main}/revisions`);
    expect(body).toMatchObject({
      self: link(revisionsPath(), 1, 10),
      items: [revision(ids.r1), revision(ids.r2), revision(ids.r3)],
    });
  });

  test('behavior: version=deprecated without valid-at lists the same, echoing version', async () => {
    const path = revisionsPath();
    const { body } = await get(`${path}?version=deprecated&page[size]=2`);
    expect(body).toEqual({
      self: link(path, 1, 2, '&version=deprecated'),
      items: [revision(ids.r1), revision(ids.r2)],
      total: 3,
      pageSize: 2,
      links: {
        first: link(path, 1, 2, '&version=deprecated'),
        prev: link(path, 1, 2, '&version=deprecated'),
        next: link(path, 2, 2, '&version=deprecated'),
        last: link(path, 2, 2, '&version=deprecated'),
      },
    });
    expect((await get(`${path}?version=latest`)).body).toMatchObject({
      self: link(path, 1, 10, '&version=latest'),
      total: 3,
    });
  });

  test.each([
    // r1's latest metadata (m1b) covers 2019; its first one (m1) no longer counts.
    ['2019-06-01', [ids.r1]],
    ['2020-06-01T12:00:00Z', []],
    // A date is its first instant in UTC: exactly r2's validFrom, an inclusive bound.
    ['2021-01-01', [ids.r2]],
    ['2030-02-03T04:05:06.789+02:00', [ids.r2]],
    ['2018-12-31T23:59:59Z', []],
  ])(
    'behavior: version=deprecated&valid-at=%s filters by the latest metadata',
    async (at, expected) => {
      const path = revisionsPath();
      const { status, body } = await get(
        `${path}?version=deprecated&valid-at=${encodeURIComponent(at)}`,
      );
      expect(status).toBe(200);
      const extra = `&valid-at=${encodeURIComponent(at).replaceAll('%3A', ':')}&version=deprecated`;
      expect(body).toEqual({
        self: link(path, 1, 10, extra),
        items: expected.map((id) => revision(id)),
        total: expected.length,
        pageSize: 10,
        links: {
          first: link(path, 1, 10, extra),
          prev: link(path, 1, 10, extra),
          next: link(path, 1, 10, extra),
          last: link(path, 1, 10, extra),
        },
      });
    },
  );

  test('behavior: valid-at results are paginated and keep contractAddress', async () => {
    const path = `/schemas/${multibase(onlySecond)}/revisions`;
    const { body } = await get(
      `${path}?version=deprecated&valid-at=2024-01-01&page[size]=1&page[after]=2&contractAddress=${second}`,
    );
    // Its only metadata, {"n":2}, has no bounds: valid at any time.
    expect(body).toEqual({
      self: link(path, 2, 1, `&valid-at=2024-01-01&version=deprecated&contractAddress=${second}`),
      items: [],
      total: 1,
      pageSize: 1,
      links: {
        first: link(
          path,
          1,
          1,
          `&valid-at=2024-01-01&version=deprecated&contractAddress=${second}`,
        ),
        prev: link(path, 1, 1, `&valid-at=2024-01-01&version=deprecated&contractAddress=${second}`),
        next: link(path, 1, 1, `&valid-at=2024-01-01&version=deprecated&contractAddress=${second}`),
        last: link(path, 1, 1, `&valid-at=2024-01-01&version=deprecated&contractAddress=${second}`),
      },
    });
  });

  test('error: valid-at without version=deprecated names both parameters', async () => {
    const both = [
      {
        parameter: 'valid-at',
        detail: 'Parameter "valid-at" is only accepted together with "version" set to "deprecated"',
      },
      {
        parameter: 'version',
        detail: 'Parameter "version" must be "deprecated" when "valid-at" is given',
      },
    ];
    await expectValidation(`${revisionsPath()}?valid-at=2021-01-01`, both);
    await expectValidation(`${revisionsPath()}?valid-at=2021-01-01&version=latest`, both);
  });

  test.each([
    'yesterday',
    '2021-02-30',
    '2021-01-01T10:00:00',
    '2021-01-01T25:00:00Z',
    '2021-01-01 10:00:00Z',
  ])('error: valid-at=%s is not a date or date-time', async (at) => {
    await expectValidation(`${revisionsPath()}?version=deprecated&valid-at=${at}`, [
      {
        parameter: 'valid-at',
        detail:
          'Parameter "valid-at" must be a date (YYYY-MM-DD) or an RFC 3339 date-time with an offset',
      },
    ]);
  });

  test.each([
    ['version=old', 'version', 'Parameter "version" must be one of "latest", "deprecated"'],
    ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['at=2021-01-01', 'at', 'Parameter "at" is not supported'],
  ])('error: %s', async (query, parameter, detail) => {
    await expectValidation(`${revisionsPath()}?${query}`, [{ parameter, detail }]);
  });

  test('error: bad and unknown schema ids', async () => {
    await expectValidation('/schemas/zzz/revisions', [SCHEMA_ID_ERROR]);
    const unknown = generatePrivateKey();
    expect((await get(`/schemas/${multibase(unknown)}/revisions`)).body).toMatchObject({
      title: 'Schema Not Found',
      status: 404,
    });
    expect(
      (await get(`/schemas/${multibase(unknown)}/revisions?version=deprecated&valid-at=2021-01-01`))
        .status,
    ).toBe(404);
  });
});

describe('GET /schemas/{schemaId}/revisions/{revId}', () => {
  test('default: the revision document', async () => {
    const response = await raw(`${revisionsPath()}/${ids.r1}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ $id: 'one', type: 'object' });
    expect(
      (await get(`/schemas/${main}/revisions/${ids.r2.toUpperCase().replace('0X', '0x')}`)).body,
    ).toEqual({ $id: 'two', type: 'object', required: ['a'] });
  });

  test('error: an unknown revision, a bad revision id', async () => {
    const unknown = generatePrivateKey();
    expect((await get(`${revisionsPath()}/${unknown}`)).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Revision Not Found',
      status: 404,
      detail: `Schema ${multibase(main)} has no revision ${unknown}`,
    });
    expect((await get(`/schemas/${generatePrivateKey()}/revisions/${ids.r1}`)).body).toMatchObject({
      title: 'Schema Not Found',
    });
    await expectValidation(`${revisionsPath()}/${multibase(ids.r1)}`, [
      { parameter: 'revId', detail: 'Parameter "revId" must match ^0x[0-9a-fA-F]{64}$' },
    ]);
    await expectValidation(`/schemas/zz/revisions/${ids.r1}`, [SCHEMA_ID_ERROR]);
  });
});

describe('GET /schemas/{schemaId}/revisions/{revId}/metadata', () => {
  const path = () => `${revisionsPath()}/${ids.r1}/metadata`;

  test('default: metadata ids oldest first, with links', async () => {
    const { status, body } = await get(path());
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link(path(), 1, 10),
      items: [ids.m1, ids.m1b].map((metadataId) => ({
        metadataId,
        href: `${base}${path()}/${metadataId}`,
      })),
      total: 2,
      pageSize: 10,
      links: {
        first: link(path(), 1, 10),
        prev: link(path(), 1, 10),
        next: link(path(), 1, 10),
        last: link(path(), 1, 10),
      },
    });
  });

  test('behavior: pages and contractAddress', async () => {
    expect((await get(`${path()}?page[size]=1&page[after]=2`)).body).toMatchObject({
      items: [{ metadataId: ids.m1b }],
      total: 2,
    });
    const secondPath = `/schemas/${multibase(onlySecond)}/revisions/${sha256(doc({ $id: 'second' }))}/metadata`;
    const metadataId = sha256(doc({ n: 2 }));
    expect((await get(`${secondPath}?contractAddress=${second}`)).body).toMatchObject({
      items: [{ metadataId, href: `${base}${secondPath}/${metadataId}?contractAddress=${second}` }],
      total: 1,
    });
  });

  test('error: unknown revision, bad parameters', async () => {
    expect((await get(`${revisionsPath()}/${generatePrivateKey()}/metadata`)).body).toMatchObject({
      title: 'Revision Not Found',
    });
    await expectValidation(`${path()}?page[size]=51`, [
      {
        parameter: 'page[size]',
        detail: 'Parameter "page[size]" must be less than or equal to 50',
      },
    ]);
    await expectValidation(`${path()}?version=deprecated`, [
      { parameter: 'version', detail: 'Parameter "version" is not supported' },
    ]);
  });
});

describe('GET /schemas/{schemaId}/revisions/{revId}/metadata/{metaId}', () => {
  const path = (metaId: Hex = ids.m1) => `${revisionsPath()}/${ids.r1}/metadata/${metaId}`;

  test('default: the metadata document as JSON, or JSON-LD when preferred', async () => {
    const response = await raw(path());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({
      validFrom: '2020-01-01T00:00:00Z',
      validTo: '2020-12-31T23:59:59Z',
    });
    const ld = await raw(path(ids.m1b), { accept: 'application/ld+json' });
    expect(ld.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(await ld.json()).toEqual({
      validFrom: '2019-01-01T00:00:00Z',
      validTo: '2019-12-31T23:59:59Z',
    });
  });

  test('behavior: metadata that is not JSON comes as bytes', async () => {
    const response = await raw(`${revisionsPath()}/${ids.r3}/metadata/${sha256(docs.m3)}`);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(toHex(new Uint8Array(await response.arrayBuffer()))).toBe(docs.m3);
  });

  test('error: unknown metadata, and metadata of another revision', async () => {
    const unknown = generatePrivateKey();
    expect((await get(path(unknown))).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Metadata Not Found',
      status: 404,
      detail: `Revision ${ids.r1} of schema ${multibase(main)} has no metadata ${unknown}`,
    });
    expect((await get(`${revisionsPath()}/${ids.r2}/metadata/${ids.m1}`)).status).toBe(404);
    await expectValidation(path('0x12' as Hex), [
      { parameter: 'metaId', detail: 'Parameter "metaId" must match ^0x[0-9a-fA-F]{64}$' },
    ]);
    expect((await get(path(), { accept: 'text/html' })).status).toBe(406);
  });
});

describe('OpenAPI', () => {
  test('default: id encodings and media types are documented', async () => {
    const document = (await (await fetch(`${node.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: { name: string; description: string }[] } }>;
    };
    const path = '/v1/schemas-registry/schemas/{schemaId}/revisions/{revId}/metadata/{metaId}';
    const operation = document.paths[path]?.get as unknown as {
      parameters: { name: string; description: string }[];
      responses: { 200: { content: Record<string, unknown> } };
    };
    const described = Object.fromEntries(operation.parameters.map((p) => [p.name, p.description]));
    expect(described.schemaId).toContain('base58btc multibase');
    expect(described.revId).toContain('0x + 64 hex digits');
    expect(described.metaId).toContain('0x + 64 hex digits');
    expect(Object.keys(operation.responses[200].content)).toEqual([
      'application/json',
      'application/ld+json',
      'application/octet-stream',
    ]);
  });
});
