import { randomBytes } from 'node:crypto';
import {
  type AbiParameter,
  type Account,
  type Address,
  bytesToHex,
  encodeAbiParameters,
  type Hex,
  hexToBytes,
  keccak256,
  parseEventLogs,
  sha256,
  type TransactionReceipt,
  toFunctionSelector,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { getTimestampTransactionHash } from '../../src/registries/timestamp/getTimestampTransactionHash.js';
import { randomAccount } from '../support/chain.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

const abi = REGISTRIES.timestamp.abi;
const MATURITY = 5n;
const ACTIVE = 1;
const REVOKED = 2;
const VALIDATION = 'urn:core:problems:validation-error';

type RevealLeg = 'timestampHashes' | 'timestampRecordHashes' | 'timestampVersionHashes';

/** The commitment layout of the reveal legs used here (DESIGN.md §4), written out from the ABI. */
const COMMITMENTS: Record<RevealLeg, { signature: string; types: string[] }> = {
  timestampHashes: {
    signature: 'timestampHashes(uint256[],bytes[],bytes[],bytes32)',
    types: ['uint256[]', 'bytes[]', 'bytes[]', 'bytes32'],
  },
  timestampRecordHashes: {
    signature: 'timestampRecordHashes(uint256[],bytes[],bytes[],bytes,bytes32)',
    types: ['uint256[]', 'bytes[]', 'bytes[]', 'bytes', 'bytes32'],
  },
  timestampVersionHashes: {
    signature: 'timestampVersionHashes(bytes,uint256[],bytes[],bytes[],bytes,bytes32)',
    types: ['bytes', 'uint256[]', 'bytes[]', 'bytes[]', 'bytes', 'bytes32'],
  },
};

/** `keccak256(abi.encode(sender, selector, ...args))`, args ending with the salt. */
function commitmentOf(sender: Address, leg: RevealLeg, args: readonly unknown[]): Hex {
  const { signature, types } = COMMITMENTS[leg];
  const params: AbiParameter[] = ['address', 'bytes4', ...types].map((type) => ({ type }));
  return keccak256(
    encodeAbiParameters(params, [sender, toFunctionSelector(signature), ...args] as never),
  );
}

const random32 = (): Hex => bytesToHex(randomBytes(32));
/** REST forms, computed here with Node's own base64 (multibase `u` and `m` are unpadded). */
const u = (bytes: Hex) => `u${Buffer.from(hexToBytes(bytes)).toString('base64url')}`;
const m = (bytes: Hex) =>
  `m${Buffer.from(hexToBytes(bytes)).toString('base64').replace(/=+$/, '')}`;
const restTimestampId = (hashValue: Hex) => u(`0x1220${sha256(hashValue).slice(2)}`);
/** A query value as links write it: percent-encoded, but `:` `@` `,` `/` kept. */
const inLink = (value: string) =>
  encodeURIComponent(value).replace(/%(3A|40|2C|2F)/gi, decodeURIComponent);
const multihash = (code: string, value: Hex) => `0x${code}20${value.slice(2)}` as Hex;

let node: TestNode;
let op: OperatorFixture;
let base: string;
let registry: Address;
let second: Address;
const alice = randomAccount();
const bob = randomAccount();
const carol = randomAccount();
/** Eight hash values, timestamped in this order. */
const h = Array.from({ length: 8 }, random32) as [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex];
const NOTE = toHex('{"note":1}');
const INFO_0 = { '@context': 'https://example.org', version: 0 };
const INFO_1 = { version: 1, tags: ['a', 'b'] };
const RAW_INFO = '0xff00' as Hex;
let revealT: TransactionReceipt;
const records = {} as { r1: Hex; r2: Hex; r3: Hex };

const call = (functionName: string, args: readonly unknown[], address = registry) => ({
  address,
  abi,
  functionName,
  args,
});
const send = (account: Account, functionName: string, args: readonly unknown[]) =>
  op.chain.write(account, call(functionName, args));
const recordOf = (receipt: TransactionReceipt): Hex => {
  const [event] = parseEventLogs({ abi, eventName: 'RecordCreated', logs: receipt.logs });
  if (!event) throw new Error('no RecordCreated event');
  return event.args.recordId;
};

async function waitForBlock(blockNumber: bigint): Promise<void> {
  while ((await op.chain.client.getBlockNumber({ cacheTime: 0 })) < blockNumber) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Commits each leg in turn (one account, so in nonce order); returns the last commit's block. */
async function commitAll(account: Account, legs: [RevealLeg, readonly unknown[]][]) {
  let block = 0n;
  for (const [leg, args] of legs) {
    const receipt = await send(account, 'commitTimestampHashes', [
      commitmentOf(account.address, leg, args),
    ]);
    block = receipt.blockNumber;
  }
  return block;
}

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  base = `${node.url}/v1/timestamp`;
  registry = node.environment.registries.timestamp;
  const algorithms = [
    [256, 'sha-256', '2.16.840.1.101.3.4.2.1', ACTIVE, 'sha2-256'],
    [256, 'sha3-256', '2.16.840.1.101.3.4.2.8', ACTIVE, 'sha3-256'],
    [256, 'custom-256', '1.2.3.4', ACTIVE, 'no-such-hash'],
    [128, 'md5', '1.2.840.113549.2.5', REVOKED, 'md5'],
  ] as const;
  for (const algorithm of algorithms) await op.write(call('insertHashAlgorithm', algorithm));

  const legs = {
    t: [[0n, 1n, 2n], [h[0], h[1], h[2]], [NOTE], random32()],
    r1: [[0n, 0n], [h[3], h[4]], [], toHex(JSON.stringify(INFO_0)), random32()],
    r2: [[0n], [h[5]], [], RAW_INFO, random32()],
    v: [h[3], [0n], [h[6]], [], toHex(JSON.stringify(INFO_1)), random32()],
    r3: [[1n], [h[7]], [], '0x', random32()],
  } as const;
  const [aliceBlock, bobBlock] = await Promise.all([
    commitAll(alice, [
      ['timestampHashes', legs.t],
      ['timestampRecordHashes', legs.r1],
      ['timestampRecordHashes', legs.r2],
      ['timestampVersionHashes', legs.v],
    ]),
    commitAll(bob, [['timestampRecordHashes', legs.r3]]),
  ]);
  for (const block of [aliceBlock, bobBlock]) await waitForBlock(block + MATURITY);
  revealT = await send(alice, 'timestampHashes', legs.t);
  records.r1 = recordOf(await send(alice, 'timestampRecordHashes', legs.r1));
  records.r2 = recordOf(await send(alice, 'timestampRecordHashes', legs.r2));
  await send(alice, 'timestampVersionHashes', legs.v);
  records.r3 = recordOf(await send(bob, 'timestampRecordHashes', legs.r3));

  await send(alice, 'insertRecordOwner', [records.r1, 'did:example:holder', 1n, 0n]);
  await send(alice, 'insertRecordOwner', [records.r1, carol.address.toLowerCase(), 1n, 0n]);
  await send(alice, 'revokeRecordOwner', [records.r1, carol.address.toLowerCase()]);

  const policies = node.environment.registries['policies-registry'];
  second = await op.deployInstance('timestamp', [policies]);
  await op.write(
    call(
      'insertHashAlgorithm',
      [512, 'sha-512', '2.16.840.1.101.3.4.2.3', ACTIVE, 'sha2-512'],
      second,
    ),
  );
}, 120_000);
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  getJson(node.url, `/v1/timestamp${path}`, headers);
const link = (path: string, page: number, size: number, extra = '') =>
  `${base}${path}?page[after]=${page}&page[size]=${size}${extra}`;

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

const PAGINATION_ERRORS = [
  ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
  ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
  ['creator=x', 'creator', 'Parameter "creator" is not supported'],
] as const;

describe('GET /hash-algorithms', () => {
  const item = (id: number, extra = '') => ({
    hashAlgorithmId: id,
    href: `${base}/hash-algorithms/${id}${extra}`,
  });

  test('default: ids in insertion order, one per page across four pages', async () => {
    const { status, body } = await get('/hash-algorithms?page[size]=1');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/hash-algorithms', 1, 1),
      items: [item(0)],
      total: 4,
      pageSize: 1,
      links: {
        first: link('/hash-algorithms', 1, 1),
        prev: link('/hash-algorithms', 1, 1),
        next: link('/hash-algorithms', 2, 1),
        last: link('/hash-algorithms', 4, 1),
      },
    });
  });

  test('behavior: middle, last and beyond-last pages', async () => {
    expect((await get('/hash-algorithms?page[size]=1&page[after]=2')).body).toMatchObject({
      items: [item(1)],
      links: { prev: link('/hash-algorithms', 1, 1), next: link('/hash-algorithms', 3, 1) },
    });
    expect((await get('/hash-algorithms?page[size]=1&page[after]=4')).body).toMatchObject({
      items: [item(3)],
      links: { prev: link('/hash-algorithms', 3, 1), next: link('/hash-algorithms', 4, 1) },
    });
    expect((await get('/hash-algorithms?page[size]=1&page[after]=5')).body).toMatchObject({
      self: link('/hash-algorithms', 5, 1),
      items: [],
      total: 4,
    });
  });

  test('behavior: the second instance has its own algorithms', async () => {
    const { body } = await get(`/hash-algorithms?contractAddress=${second}`);
    expect(body).toMatchObject({
      self: link('/hash-algorithms', 1, 10, `&contractAddress=${second}`),
      items: [item(0, `?contractAddress=${second}`)],
      total: 1,
    });
  });

  test.each(PAGINATION_ERRORS)('error: %s', async (query, parameter, detail) => {
    await expectValidation(`/hash-algorithms?${query}`, [{ parameter, detail }]);
  });
});

describe('GET /hash-algorithms/{id}', () => {
  test('default: active and revoked algorithms', async () => {
    expect((await get('/hash-algorithms/0')).body).toEqual({
      hashAlgorithmId: 0,
      ianaName: 'sha-256',
      multihash: 'sha2-256',
      oid: '2.16.840.1.101.3.4.2.1',
      outputLengthBits: 256,
      status: 'active',
    });
    expect((await get('/hash-algorithms/3')).body).toEqual({
      hashAlgorithmId: 3,
      ianaName: 'md5',
      multihash: 'md5',
      oid: '1.2.840.113549.2.5',
      outputLengthBits: 128,
      status: 'revoked',
    });
    expect((await get(`/hash-algorithms/0?contractAddress=${second}`)).body).toMatchObject({
      ianaName: 'sha-512',
      outputLengthBits: 512,
    });
  });

  test('error: unknown and malformed ids', async () => {
    expect((await get('/hash-algorithms/4')).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Hash Algorithm Not Found',
      status: 404,
      detail: 'Hash algorithm 4 is not registered',
    });
    expect((await get(`/hash-algorithms/1?contractAddress=${second}`)).status).toBe(404);
    await expectValidation('/hash-algorithms/sha-256', [
      { parameter: 'id', detail: 'Parameter "id" must be an integer' },
    ]);
    await expectValidation('/hash-algorithms/1.5', [
      { parameter: 'id', detail: 'Parameter "id" must be an integer' },
    ]);
    await expectValidation('/hash-algorithms/-1', [
      { parameter: 'id', detail: 'Parameter "id" must be greater than or equal to 0' },
    ]);
    await expectValidation('/hash-algorithms/0?page[size]=1', [
      { parameter: 'page[size]', detail: 'Parameter "page[size]" is not supported' },
    ]);
  });
});

describe('GET /timestamps', () => {
  const ids = () => h.map(restTimestampId);
  const item = (id: string) => ({ timestampId: id, href: `${base}/timestamps/${id}` });

  test('default: multibase ids in timestamping order, across three pages', async () => {
    const { status, body } = await get('/timestamps?page[size]=3');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/timestamps', 1, 3),
      items: ids().slice(0, 3).map(item),
      total: 8,
      pageSize: 3,
      links: {
        first: link('/timestamps', 1, 3),
        prev: link('/timestamps', 1, 3),
        next: link('/timestamps', 2, 3),
        last: link('/timestamps', 3, 3),
      },
    });
    expect(ids()[0]).toMatch(/^uEi[A-D][A-Za-z0-9_-]{43}$/);
  });

  test('behavior: middle, last and beyond-last pages', async () => {
    expect((await get('/timestamps?page[size]=3&page[after]=2')).body).toMatchObject({
      items: ids().slice(3, 6).map(item),
      links: { prev: link('/timestamps', 1, 3), next: link('/timestamps', 3, 3) },
    });
    expect((await get('/timestamps?page[size]=3&page[after]=3')).body).toMatchObject({
      items: ids().slice(6).map(item),
      links: { prev: link('/timestamps', 2, 3), next: link('/timestamps', 3, 3) },
    });
    expect((await get('/timestamps?page[size]=3&page[after]=4')).body).toMatchObject({
      self: link('/timestamps', 4, 3),
      items: [],
      total: 8,
    });
  });

  test('behavior: the second instance has no timestamps', async () => {
    expect((await get(`/timestamps?contractAddress=${second}`)).body).toMatchObject({
      self: link('/timestamps', 1, 10, `&contractAddress=${second}`),
      items: [],
      total: 0,
    });
  });

  test.each(PAGINATION_ERRORS)('error: %s', async (query, parameter, detail) => {
    await expectValidation(`/timestamps?${query}`, [{ parameter, detail }]);
  });
});

describe('GET /timestamps/{timestampId}', () => {
  test('default: every field, by multibase or 0x id', async () => {
    const block = await op.chain.client.getBlock({ blockNumber: revealT.blockNumber });
    const expected = {
      timestampId: restTimestampId(h[0]),
      hash: m(multihash('12', h[0])),
      hashAlgorithmId: 0,
      timestampedBy: alice.address,
      blockNumber: Number(revealT.blockNumber),
      timestamp: new Date(Number(block.timestamp) * 1000).toISOString(),
      data: NOTE,
      transactionHash: revealT.transactionHash,
    };
    const { status, body } = await get(`/timestamps/${restTimestampId(h[0])}`);
    expect(status).toBe(200);
    expect(body).toEqual(expected);
    expect((await get(`/timestamps/${sha256(h[0])}`)).body).toEqual(expected);
    expect(
      (await get(`/timestamps/${sha256(h[0]).toUpperCase().replace('0X', '0x')}`)).body,
    ).toEqual(expected);
  });

  test('behavior: the hash multihash follows the algorithm; unknown names use identity', async () => {
    expect((await get(`/timestamps/${restTimestampId(h[1])}`)).body).toMatchObject({
      hash: m(multihash('16', h[1])),
      hashAlgorithmId: 1,
      data: '0x',
      transactionHash: revealT.transactionHash,
    });
    expect((await get(`/timestamps/${restTimestampId(h[2])}`)).body).toMatchObject({
      hash: m(multihash('00', h[2])),
      hashAlgorithmId: 2,
    });
    expect((await get(`/timestamps/${restTimestampId(h[7])}`)).body).toMatchObject({
      hash: m(multihash('16', h[7])),
      timestampedBy: bob.address,
    });
  });

  test('behavior: the transaction hash lookup finds nothing at another block', async () => {
    const lookup = (block: bigint) =>
      getTimestampTransactionHash(node.app.ledger, registry, sha256(h[0]), block);
    expect(await lookup(revealT.blockNumber)).toBe(revealT.transactionHash);
    expect(await lookup(revealT.blockNumber - 1n)).toBeUndefined();
  });

  test('error: unknown timestamp, and one of the other instance', async () => {
    const unknown = random32();
    expect((await get(`/timestamps/${restTimestampId(unknown)}`)).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Timestamp Not Found',
      status: 404,
      detail: `Timestamp ${restTimestampId(unknown)} does not exist`,
    });
    expect(
      (await get(`/timestamps/${restTimestampId(h[0])}?contractAddress=${second}`)).status,
    ).toBe(404);
  });

  test.each([
    ['a sha2-512 multihash', u(`0x1320${h[0].slice(2)}`)],
    ['a sha2-256 multihash of 31 bytes', u(`0x121f${h[0].slice(4)}`)],
    ['32 raw bytes in base64url', u(h[0])],
    ['the multihash in base64', m(multihash('12', sha256(h[0])))],
    ['base64url with a bad character', `${restTimestampId(h[0]).slice(0, -1)}!`],
    ['hex of 31 bytes', `0x${'ab'.repeat(31)}`],
    ['a word', 'latest'],
  ])('error: timestampId as %s', async (_, timestampId) => {
    await expectValidation(`/timestamps/${encodeURIComponent(timestampId)}`, [
      {
        parameter: 'timestampId',
        detail:
          'Parameter "timestampId" must be a sha2-256 multihash of 32 bytes as base64url multibase ("u…"), or 32 bytes as 0x-prefixed hex',
      },
    ]);
  });

  test('behavior: HEAD, 405 and 406', async () => {
    const head = await fetch(`${base}/timestamps/${restTimestampId(h[0])}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const headBad = await fetch(`${base}/timestamps/nope`, { method: 'HEAD' });
    expect(headBad.status).toBe(400);
    expect(await headBad.text()).toBe('');
    const del = await fetch(`${base}/timestamps/${restTimestampId(h[0])}`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/timestamps', { accept: 'application/xml' })).status).toBe(406);
  });
});

describe('GET /records', () => {
  const item = (id: Hex, extra = '') => ({
    recordId: u(id),
    href: `${base}/records/${u(id)}${extra}`,
  });

  test('default: multibase ids in creation order', async () => {
    const { status, body } = await get('/records?page[size]=2');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/records', 1, 2),
      items: [item(records.r1), item(records.r2)],
      total: 3,
      pageSize: 2,
      links: {
        first: link('/records', 1, 2),
        prev: link('/records', 1, 2),
        next: link('/records', 2, 2),
        last: link('/records', 2, 2),
      },
    });
    expect((await get('/records?page[size]=2&page[after]=2')).body).toMatchObject({
      items: [item(records.r3)],
    });
  });

  test.each([
    ['did:example:holder', 'did:example:holder', () => [records.r1]],
    // Accounts are kept as lowercase hex: a checksummed address is lowercased.
    [alice.address, alice.address.toLowerCase(), () => [records.r1, records.r2]],
    [bob.address.toLowerCase(), bob.address.toLowerCase(), () => [records.r3]],
    // A revoked owner owns nothing.
    [carol.address, carol.address.toLowerCase(), () => []],
  ])('behavior: owner=%s', async (owner, echoed, expected) => {
    const { body } = await get(`/records?owner=${encodeURIComponent(owner)}`);
    expect(body).toEqual({
      self: link('/records', 1, 10, `&owner=${echoed}`),
      items: expected().map((id) => item(id)),
      total: expected().length,
      pageSize: 10,
      links: {
        first: link('/records', 1, 10, `&owner=${echoed}`),
        prev: link('/records', 1, 10, `&owner=${echoed}`),
        next: link('/records', 1, 10, `&owner=${echoed}`),
        last: link('/records', 1, 10, `&owner=${echoed}`),
      },
    });
  });

  test('behavior: first-version as 0x hex or as the multihash in m… or u… form', async () => {
    for (const value of [
      h[3],
      h[3].toUpperCase().replace('0X', '0x'),
      m(multihash('12', h[4])),
      u(multihash('12', h[4])),
    ]) {
      const { body } = await get(`/records?first-version=${encodeURIComponent(value)}`);
      expect(body).toMatchObject({
        self: link('/records', 1, 10, `&first-version=${inLink(value)}`),
        items: [item(records.r1)],
        total: 1,
      });
    }
    // h[6] is in version 1 of r1 only, h[7] in version 0 of r3.
    expect((await get(`/records?first-version=${h[6]}`)).body).toMatchObject({ total: 0 });
    expect((await get(`/records?first-version=${h[7]}`)).body).toMatchObject({
      items: [item(records.r3)],
    });
  });

  test('behavior: the second instance has no records; filters and contractAddress both echo', async () => {
    expect(
      (await get(`/records?owner=did:example:holder&contractAddress=${second}`)).body,
    ).toMatchObject({
      self: link('/records', 1, 10, `&owner=did:example:holder&contractAddress=${second}`),
      items: [],
      total: 0,
    });
  });

  test('error: owner and first-version together', async () => {
    const detail = 'Parameters "owner" and "first-version" cannot be combined';
    await expectValidation(`/records?owner=x&first-version=${h[3]}`, [
      { parameter: 'owner', detail },
      { parameter: 'first-version', detail },
    ]);
  });

  test.each([
    ['odd hex', '0x123'],
    ['hex of 65 bytes', `0x${'ab'.repeat(65)}`],
    ['base58btc', 'z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'],
    ['base64 that is no multihash', 'mAAAA'],
    ['an empty multihash', u('0x1200')],
  ])('error: first-version as %s', async (_, value) => {
    await expectValidation(`/records?first-version=${encodeURIComponent(value)}`, [
      {
        parameter: 'first-version',
        detail:
          'Parameter "first-version" must be a hash value as 0x-prefixed hex, or its multihash as base64 ("m…") or base64url ("u…") multibase, of 1 to 64 bytes',
      },
    ]);
  });

  test.each(PAGINATION_ERRORS)('error: %s', async (query, parameter, detail) => {
    await expectValidation(`/records?${query}`, [{ parameter, detail }]);
  });

  test('error: an empty owner', async () => {
    await expectValidation('/records?owner=', [
      { parameter: 'owner', detail: 'Parameter "owner" must be at least 1 characters long' },
    ]);
  });
});

const RECORD_ID_ERROR = {
  parameter: 'recordId',
  detail:
    'Parameter "recordId" must be 32 bytes as base64url multibase ("u…") or as 0x-prefixed hex',
};

describe('GET /records/{recordId}', () => {
  test('default: owners, revoked owners, first and last version hashes', async () => {
    const { status, body } = await get(`/records/${u(records.r1)}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      ownerIds: [alice.address.toLowerCase(), 'did:example:holder'],
      revokedOwnerIds: [carol.address.toLowerCase()],
      totalVersions: 2,
      firstVersionTimestamps: [h[3], h[4]],
      lastVersionTimestamps: [h[6]],
    });
    expect((await get(`/records/${records.r2}`)).body).toEqual({
      ownerIds: [alice.address.toLowerCase()],
      revokedOwnerIds: [],
      totalVersions: 1,
      firstVersionTimestamps: [h[5]],
      lastVersionTimestamps: [h[5]],
    });
  });

  test('error: unknown record, other instance, bad ids', async () => {
    const unknown = random32();
    expect((await get(`/records/${u(unknown)}`)).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Record Not Found',
      status: 404,
      detail: `Record ${u(unknown)} does not exist`,
    });
    expect((await get(`/records/${u(records.r1)}?contractAddress=${second}`)).status).toBe(404);
    for (const recordId of [
      u(`0x${'ab'.repeat(31)}`),
      u(`0x${'ab'.repeat(33)}`),
      restTimestampId(h[0]),
      `m${Buffer.from(hexToBytes(records.r1)).toString('base64').replace(/=+$/, '')}`,
      `0x${'ab'.repeat(31)}`,
      'record-1',
    ]) {
      await expectValidation(`/records/${encodeURIComponent(recordId)}`, [RECORD_ID_ERROR]);
    }
  });
});

describe('GET /records/{recordId}/versions', () => {
  test('default: 0-based version ids, paginated', async () => {
    const path = `/records/${u(records.r1)}/versions`;
    const { status, body } = await get(`${path}?page[size]=1`);
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link(path, 1, 1),
      items: [{ versionId: 0, href: `${base}${path}/0` }],
      total: 2,
      pageSize: 1,
      links: {
        first: link(path, 1, 1),
        prev: link(path, 1, 1),
        next: link(path, 2, 1),
        last: link(path, 2, 1),
      },
    });
    expect((await get(`${path}?page[size]=1&page[after]=2`)).body).toMatchObject({
      items: [{ versionId: 1, href: `${base}${path}/1` }],
    });
    expect((await get(`${path}?page[size]=1&page[after]=3`)).body).toMatchObject({ items: [] });
  });

  test('behavior: a hex record id links with the multibase one', async () => {
    const path = `/records/${u(records.r3)}/versions`;
    expect((await get(`/records/${records.r3}/versions`)).body).toMatchObject({
      self: link(path, 1, 10),
      items: [{ versionId: 0, href: `${base}${path}/0` }],
      total: 1,
    });
  });

  test('error: unknown record, bad id, bad page', async () => {
    expect((await get(`/records/${u(random32())}/versions`)).status).toBe(404);
    await expectValidation('/records/nope/versions', [RECORD_ID_ERROR]);
    await expectValidation(`/records/${u(records.r1)}/versions?page[size]=51`, [
      {
        parameter: 'page[size]',
        detail: 'Parameter "page[size]" must be less than or equal to 50',
      },
    ]);
  });
});

describe('GET /records/{recordId}/versions/{versionId}', () => {
  test('default: hashes and infos, JSON parsed', async () => {
    const path = `/records/${u(records.r1)}/versions`;
    expect((await get(`${path}/0`)).body).toEqual({ hashes: [h[3], h[4]], info: [INFO_0] });
    expect((await get(`${path}/1`)).body).toEqual({ hashes: [h[6]], info: [INFO_1] });
  });

  test('behavior: infos that are not JSON come raw; no info is an empty list', async () => {
    expect((await get(`/records/${u(records.r2)}/versions/0`)).body).toEqual({
      hashes: [h[5]],
      info: [RAW_INFO],
    });
    expect((await get(`/records/${u(records.r3)}/versions/0`)).body).toEqual({
      hashes: [h[7]],
      info: [],
    });
  });

  test('error: unknown version and record, bad version ids', async () => {
    expect((await get(`/records/${u(records.r1)}/versions/2`)).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Version Not Found',
      status: 404,
      detail: `Record ${u(records.r1)} has no version 2`,
    });
    expect((await get(`/records/${u(random32())}/versions/0`)).body).toMatchObject({
      title: 'Record Not Found',
    });
    for (const [versionId, detail] of [
      ['one', 'Parameter "versionId" must be an integer'],
      ['1.5', 'Parameter "versionId" must be an integer'],
      ['-1', 'Parameter "versionId" must be greater than or equal to 0'],
    ]) {
      await expectValidation(`/records/${u(records.r1)}/versions/${versionId}`, [
        { parameter: 'versionId', detail: detail as string },
      ]);
    }
    await expectValidation(`/records/x/versions/0`, [RECORD_ID_ERROR]);
  });

  test('behavior: HEAD, 405 and 406', async () => {
    const url = `${base}/records/${u(records.r1)}/versions/0`;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const put = await fetch(url, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    expect((await get(`/records/${u(records.r1)}`, { accept: 'text/csv' })).status).toBe(406);
  });
});

describe('OpenAPI', () => {
  test('default: id encodings are documented', async () => {
    const document = (await (await fetch(`${node.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: { name: string; description: string }[] } }>;
    };
    const describedIn = (path: string) =>
      Object.fromEntries(
        (document.paths[`/v1/timestamp${path}`]?.get.parameters ?? []).map((p) => [
          p.name,
          p.description,
        ]),
      );
    expect(describedIn('/timestamps/{timestampId}').timestampId).toContain(
      'base64url ("u…") of the sha2-256 multihash',
    );
    expect(describedIn('/records/{recordId}/versions/{versionId}')).toMatchObject({
      recordId: expect.stringContaining('base64url ("u…") of the 32-byte on-chain record id'),
      versionId: expect.stringContaining('0-based'),
    });
    expect(describedIn('/records')['first-version']).toContain('base64 ("m…"');
  });
});
