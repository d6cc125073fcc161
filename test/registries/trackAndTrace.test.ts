import { generateKeyPairSync } from 'node:crypto';
import { connect } from 'node:net';
import {
  type Address,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  pad,
  stringToHex,
  type TransactionReceipt,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { toDidCoreV2 } from '../../src/identity/didCoreV2.js';
import { toDidKey } from '../../src/identity/didKey.js';
import { jwkThumbprint, toPublicJwk } from '../../src/identity/jwk.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

const abi = REGISTRIES['track-and-trace'].abi;
// Enum values of ITrackAndTrace.
const DELEGATE = 0;
const WRITE = 1;
const DID_CORE = 0;
const DID_KEY = 1;
const MATURITY = 5n;
const EXTERNAL_SECONDS = 1_700_000_000n;
const EXTERNAL_DATETIME = '2023-11-14T22:13:20.000Z';

type Identity = { account: PrivateKeyAccount; did: string };
type Access = { subject: string; permission: string; documentId: Hex; grantedBy: string };
type Page<T> = { self: string; items: T[]; total: number; pageSize: number; links: object };

let node: TestNode;
let op: OperatorFixture;
let base: string;
let tnt: Address;
let second: Address;
/** A registered did:core v1, whitelisted on both instances, creator of every document. */
let creator: Identity;
/** Whitelisted on the default instance only, creator of nothing. */
let idle: string;
/** Five documents on the default instance, in creation order; the first is externally timestamped. */
const documents: { id: Hex; receipt: TransactionReceipt }[] = [];
/** The document of the second instance. */
let secondDocument: Hex;
/** Subjects of the first document: a delegate (v1), did:key writers K and K2, a v2 writer. */
let delegate: string;
let writerKey: PrivateKeyAccount;
let writer: string;
let writer2: string;
let v2Writer: string;
/** The five events of the first document, in writing order; the last written by `writer`. */
const events: { id: Hex; externalHash: string; receipt: TransactionReceipt }[] = [];

const call = (address: Address, functionName: string, args: readonly unknown[]) => ({
  address,
  abi,
  functionName,
  args,
});
const randomHash = (): Hex => generatePrivateKey();
const keyAccount = (key: PrivateKeyAccount): Hex => `0x${key.publicKey.slice(4)}`;
const didKeyOf = (key: PrivateKeyAccount) => toDidKey(toPublicJwk(key.publicKey, 'secp256k1'));
const p256DidKey = () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  return toDidKey({ kty: 'EC', crv: 'P-256', x, y });
};
/** The W3C did:key specification's Ed25519 example: a did:key, though not a jwk_jcs-pub one. */
const ED25519_DID_KEY = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

async function registerDid(): Promise<Identity> {
  const account = privateKeyToAccount(generatePrivateKey());
  const did = createDidCoreV1();
  const thumbprint = await jwkThumbprint(toPublicJwk(account.publicKey, 'secp256k1'));
  await op.chain.write(account, {
    address: node.environment.registries['did-registry'],
    abi: REGISTRIES['did-registry'].abi,
    functionName: 'insertDidDocument',
    args: [did, '{}', thumbprint, account.publicKey, true, 0n, 2n ** 64n],
  });
  return { account, did };
}

const authorise = (did: string, address = tnt) =>
  op.write(call(address, 'authoriseDid', [op.operator.did, did, true]));

async function waitForBlock(blockNumber: bigint): Promise<void> {
  while ((await op.chain.client.getBlockNumber({ cacheTime: 0 })) < blockNumber) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Commits every document first, waits for maturity once, then reveals them in order. */
async function createDocuments(
  list: { address: Address; id: Hex; external?: boolean }[],
): Promise<TransactionReceipt[]> {
  const reveals: { address: Address; args: readonly unknown[] }[] = [];
  let last = 0n;
  for (const { address, id, external } of list) {
    const salt = randomHash();
    const timestamp = external ? [EXTERNAL_SECONDS, randomHash()] : [];
    const args = [id, `metadata of ${id}`, creator.did, ...timestamp, salt] as const;
    const commitment = (await op.chain.client.readContract({
      ...call(address, 'computeCreateDocumentCommitment', [creator.account.address, ...args]),
    } as never)) as Hex;
    const receipt = await op.chain.write(
      creator.account,
      call(address, 'commitCreateDocument', [commitment]),
    );
    last = receipt.blockNumber;
    reveals.push({ address, args });
  }
  await waitForBlock(last + MATURITY);
  const receipts: TransactionReceipt[] = [];
  for (const { address, args } of reveals) {
    receipts.push(await op.chain.write(creator.account, call(address, 'createDocument', args)));
  }
  return receipts;
}

const grant = (documentId: Hex, subject: Hex, subjectType: number, permission: number) =>
  op.chain.write(
    creator.account,
    call(tnt, 'grantAccess', [
      documentId,
      stringToHex(creator.did),
      subject,
      DID_CORE,
      subjectType,
      permission,
    ]),
  );

async function writeEvent(signer: PrivateKeyAccount, sender: Hex, externalHash: string) {
  const args = { documentHash: documents[0]?.id, externalHash, sender, origin: 'o', metadata: 'm' };
  const extra = signer === writerKey ? [EXTERNAL_SECONDS, pad('0x0e')] : [];
  const receipt = await op.chain.write(signer, call(tnt, 'writeEvent', [args, ...extra]));
  events.push({ id: keccak256(toHex(externalHash)), externalHash, receipt });
}

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  base = `${node.url}/v1/track-and-trace`;
  tnt = node.environment.registries['track-and-trace'];
  second = await op.deployInstance('track-and-trace', [
    op.account.address,
    node.environment.registries['policies-registry'],
    node.environment.registries['did-registry'],
  ]);
  creator = await registerDid();
  idle = createDidCoreV1();
  await authorise(creator.did);
  await authorise(idle);
  await authorise(creator.did, second);

  const ids = Array.from({ length: 5 }, randomHash);
  secondDocument = randomHash();
  const receipts = await createDocuments([
    ...ids.map((id, i) => ({ address: tnt, id, external: i === 0 })),
    { address: second, id: secondDocument },
  ]);
  ids.forEach((id, i) => {
    documents.push({ id, receipt: receipts[i] as TransactionReceipt });
  });

  const first = ids[0] as Hex;
  delegate = createDidCoreV1();
  writerKey = privateKeyToAccount(generatePrivateKey());
  writer = didKeyOf(writerKey);
  const writer2Key = privateKeyToAccount(generatePrivateKey());
  writer2 = didKeyOf(writer2Key);
  v2Writer = await toDidCoreV2(toPublicJwk(writer2Key.publicKey, 'secp256k1'));
  await grant(first, stringToHex(delegate), DID_CORE, DELEGATE);
  await grant(first, keyAccount(writerKey), DID_KEY, WRITE);
  await grant(first, stringToHex(v2Writer), DID_CORE, WRITE);
  // The 65-byte 0x04 form is stored as X ‖ Y, like the 64-byte one.
  await grant(first, writer2Key.publicKey, DID_KEY, WRITE);
  await grant(ids[1] as Hex, keyAccount(writerKey), DID_KEY, WRITE);

  for (const n of [1, 2, 3, 4]) {
    await writeEvent(creator.account, stringToHex(creator.did), `external-hash-${n}`);
  }
  await writeEvent(writerKey, keyAccount(writerKey), 'external-hash-by-key');
});
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  getJson(node.url, `/v1/track-and-trace${path}`, headers);
const link = (path: string, page: number, size: number, extra = '') =>
  `${base}${path}?page[after]=${page}&page[size]=${size}${extra}`;
const links = (path: string, [first, prev, next, last]: number[], size: number, extra = '') => ({
  first: link(path, first as number, size, extra),
  prev: link(path, prev as number, size, extra),
  next: link(path, next as number, size, extra),
  last: link(path, last as number, size, extra),
});
const id = (i: number) => documents[i]?.id as Hex;
const validation = (parameter: string, detail: string) => ({
  type: 'urn:core:problems:validation-error',
  title: 'Validation Error',
  status: 400,
  detail: 'The request failed validation',
  errors: [{ parameter, detail }],
});
const notFound = (resource: string, detail: string) => ({
  type: 'urn:core:problems:not-found',
  title: `${resource} Not Found`,
  status: 404,
  detail,
});

/** The timestamp object of something written in `receipt`'s block. */
async function blockTimestamp(receipt: TransactionReceipt) {
  const block = await op.chain.client.getBlock({ blockNumber: receipt.blockNumber });
  return {
    datetime: new Date(Number(block.timestamp) * 1000).toISOString(),
    source: 'block',
    proof: pad(toHex(receipt.blockNumber)),
  };
}

const BAD_ID = `Parameter "documentId" must match ^0x[0-9a-fA-F]{64}$`;

describe('GET /documents', () => {
  test('default: the first page, with absolute links', async () => {
    const { status, body } = await get('/documents?page[size]=2');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/documents', 1, 2),
      items: [0, 1].map((i) => ({ documentId: id(i), href: `${base}/documents/${id(i)}` })),
      total: 5,
      pageSize: 2,
      links: links('/documents', [1, 1, 2, 3], 2),
    });
  });

  test('behavior: middle, last and beyond-last pages', async () => {
    const middle = (await get('/documents?page[size]=2&page[after]=2')).body as Page<{
      documentId: Hex;
    }>;
    expect(middle.items.map((item) => item.documentId)).toEqual([id(2), id(3)]);
    expect(middle.links).toEqual(links('/documents', [1, 1, 3, 3], 2));
    const last = (await get('/documents?page[size]=2&page[after]=3')).body as Page<{
      documentId: Hex;
    }>;
    expect(last.items.map((item) => item.documentId)).toEqual([id(4)]);
    expect(last.links).toEqual(links('/documents', [1, 2, 3, 3], 2));
    expect((await get('/documents?page[size]=2&page[after]=4')).body).toEqual({
      self: link('/documents', 4, 2),
      items: [],
      total: 5,
      pageSize: 2,
      links: links('/documents', [1, 3, 3, 3], 2),
    });
  });

  test('behavior: a second instance through contractAddress, kept in every link', async () => {
    const { body } = await get(`/documents?contractAddress=${second}`);
    const extra = `&contractAddress=${second}`;
    expect(body).toEqual({
      self: link('/documents', 1, 10, extra),
      items: [
        {
          documentId: secondDocument,
          href: `${base}/documents/${secondDocument}?contractAddress=${second}`,
        },
      ],
      total: 1,
      pageSize: 10,
      links: links('/documents', [1, 1, 1, 1], 10, extra),
    });
  });

  test.each([
    ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['creator=x', 'creator', 'Parameter "creator" is not supported'],
    [
      'contractAddress=0x12',
      'contractAddress',
      'Parameter "contractAddress" must match ^0x[0-9a-fA-F]{40}$',
    ],
  ])('error: %s', async (query, parameter, detail) => {
    const { status, body } = await get(`/documents?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual(validation(parameter, detail));
  });

  test('error: a contractAddress of another registry type', async () => {
    const policies = node.environment.registries['policies-registry'];
    const { status, body } = await get(`/documents?contractAddress=${policies}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:invalid-contract-address',
      title: 'Invalid Contract Address',
    });
  });
});

describe('GET /documents/{id}', () => {
  test('default: metadata, block timestamp and creator, without events', async () => {
    const { status, body } = await get(`/documents/${id(1)}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      metadata: `metadata of ${id(1)}`,
      timestamp: await blockTimestamp(documents[1]?.receipt as TransactionReceipt),
      creator: creator.did,
    });
  });

  test('args: an external timestamp', async () => {
    const { body } = await get(`/documents/${id(0)}`);
    expect(body).toMatchObject({
      timestamp: { datetime: EXTERNAL_DATETIME, source: 'external' },
      creator: creator.did,
    });
    expect(body).not.toHaveProperty('events');
  });

  test('args: version=deprecated restores events, in writing order', async () => {
    const { body } = await get(`/documents/${id(0)}?version=deprecated`);
    const latest = (await get(`/documents/${id(0)}?version=latest`)).body as object;
    expect(body).toEqual({ ...latest, events: events.map((event) => event.id) });
    expect((await get(`/documents/${id(2)}?version=deprecated`)).body).toMatchObject({
      events: [],
    });
  });

  test('behavior: the id in upper-case hex, and HEAD', async () => {
    const upper = `0x${id(1).slice(2).toUpperCase()}`;
    expect((await get(`/documents/${upper}`)).body).toMatchObject({ creator: creator.did });
    expect(await rawHead(`/v1/track-and-trace/documents/${id(1)}`)).toEqual({
      status: 200,
      body: '',
    });
    expect(await rawHead(`/v1/track-and-trace/documents/${randomHash()}`)).toEqual({
      status: 404,
      body: '',
    });
  });

  test('behavior: a document of the second instance only', async () => {
    expect((await get(`/documents/${secondDocument}`)).status).toBe(404);
    const { status, body } = await get(`/documents/${secondDocument}?contractAddress=${second}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ metadata: `metadata of ${secondDocument}` });
    expect((await get(`/documents/${id(0)}?contractAddress=${second}`)).status).toBe(404);
  });

  test('error: an unknown document is 404 Document Not Found', async () => {
    const unknown = randomHash();
    const { status, body } = await get(`/documents/${unknown}`);
    expect(status).toBe(404);
    expect(body).toEqual(notFound('Document', `Document ${unknown} does not exist`));
  });

  test.each([
    [`/documents/0x1234`, 'documentId', BAD_ID],
    [`/documents/${'ab'.repeat(32)}`, 'documentId', BAD_ID],
    [`/documents/0x${'zz'.repeat(32)}`, 'documentId', BAD_ID],
    [
      `/documents/${randomHash()}?version=old`,
      'version',
      'Parameter "version" must be one of "latest", "deprecated"',
    ],
    [
      `/documents/${randomHash()}?page[size]=2`,
      'page[size]',
      'Parameter "page[size]" is not supported',
    ],
  ])('error: %s', async (path, parameter, detail) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body).toEqual(validation(parameter, detail));
  });
});

describe('GET /documents/{id}/events', () => {
  const path = () => `/documents/${id(0)}/events`;

  test('default: event ids and links, first page', async () => {
    const { status, body } = await get(`${path()}?page[size]=2`);
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link(path(), 1, 2),
      items: events.slice(0, 2).map((event) => ({
        eventId: event.id,
        href: `${base}${path()}/${event.id}`,
      })),
      total: 5,
      pageSize: 2,
      links: links(path(), [1, 1, 2, 3], 2),
    });
  });

  test('behavior: middle, last and beyond-last pages', async () => {
    const page = async (n: number) =>
      (
        (await get(`${path()}?page[size]=2&page[after]=${n}`)).body as Page<{ eventId: Hex }>
      ).items.map((item) => item.eventId);
    expect(await page(2)).toEqual([events[2]?.id, events[3]?.id]);
    expect(await page(3)).toEqual([events[4]?.id]);
    expect(await page(4)).toEqual([]);
  });

  test('behavior: a document without events, and contractAddress in the links', async () => {
    const { body } = await get(`/documents/${secondDocument}/events?contractAddress=${second}`);
    expect(body).toMatchObject({
      self: link(`/documents/${secondDocument}/events`, 1, 10, `&contractAddress=${second}`),
      items: [],
      total: 0,
    });
  });

  test('error: unknown document, malformed id, unsupported parameter', async () => {
    const unknown = randomHash();
    expect((await get(`/documents/${unknown}/events`)).body).toEqual(
      notFound('Document', `Document ${unknown} does not exist`),
    );
    expect((await get('/documents/0x12/events')).body).toEqual(validation('documentId', BAD_ID));
    expect((await get(`${path()}?page[size]=51`)).status).toBe(400);
    expect((await get(`${path()}?origin=o`)).body).toEqual(
      validation('origin', 'Parameter "origin" is not supported'),
    );
  });
});

describe('GET /documents/{id}/events/{eventId}', () => {
  test('default: an event written by the creator', async () => {
    const event = events[0] as (typeof events)[number];
    const { status, body } = await get(`/documents/${id(0)}/events/${event.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      externalHash: event.externalHash,
      hash: event.id,
      metadata: 'm',
      origin: 'o',
      sender: creator.did,
      timestamp: await blockTimestamp(event.receipt),
    });
  });

  test('args: an event written by a did:key account, externally timestamped', async () => {
    const event = events[4] as (typeof events)[number];
    expect((await get(`/documents/${id(0)}/events/${event.id}`)).body).toEqual({
      externalHash: 'external-hash-by-key',
      hash: event.id,
      metadata: 'm',
      origin: 'o',
      sender: writer,
      timestamp: { datetime: EXTERNAL_DATETIME, source: 'external', proof: pad('0x0e') },
    });
  });

  test('error: unknown event, unknown document, malformed ids', async () => {
    const unknown = randomHash();
    const eventId = events[0]?.id as Hex;
    expect((await get(`/documents/${id(1)}/events/${eventId}`)).body).toEqual(
      notFound('Event', `Event ${eventId} does not exist on document ${id(1)}`),
    );
    expect((await get(`/documents/${unknown}/events/${eventId}`)).body).toEqual(
      notFound('Document', `Document ${unknown} does not exist`),
    );
    expect((await get(`/documents/${id(0)}/events/0x12`)).body).toEqual(
      validation('eventId', 'Parameter "eventId" must match ^0x[0-9a-fA-F]{64}$'),
    );
    expect(
      (await get(`/documents/${id(0)}/events/${eventId}?contractAddress=${second}`)).status,
    ).toBe(404);
  });
});

describe('GET /documents/{id}/accesses', () => {
  const path = () => `/documents/${id(0)}/accesses`;
  const access = (subject: string, permission: string): Access => ({
    subject,
    permission,
    documentId: id(0),
    grantedBy: creator.did,
  });

  test('default: the creator first, then the grants, subjects as DIDs', async () => {
    const { status, body } = await get(`${path()}?page[size]=2`);
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link(path(), 1, 2),
      items: [access(creator.did, 'creator'), access(delegate, 'delegate')],
      total: 5,
      pageSize: 2,
      links: links(path(), [1, 1, 2, 3], 2),
    });
  });

  test('behavior: middle, last and beyond-last pages; did:key and did:core v2 subjects', async () => {
    const page = async (n: number) =>
      ((await get(`${path()}?page[size]=2&page[after]=${n}`)).body as Page<Access>).items;
    expect(await page(2)).toEqual([access(writer, 'write'), access(v2Writer, 'write')]);
    expect(await page(3)).toEqual([access(writer2, 'write')]);
    expect(await page(4)).toEqual([]);
  });

  test('error: unknown document, and a document of another instance', async () => {
    const unknown = randomHash();
    expect((await get(`/documents/${unknown}/accesses`)).body).toEqual(
      notFound('Document', `Document ${unknown} does not exist`),
    );
    expect((await get(`${path()}?contractAddress=${second}`)).status).toBe(404);
    expect((await get(`${path()}?subject=${delegate}`)).body).toEqual(
      validation('subject', 'Parameter "subject" is not supported'),
    );
  });
});

describe('GET /accesses', () => {
  const creatorAccess = (i: number): Access => ({
    subject: creator.did,
    permission: 'creator',
    documentId: id(i),
    grantedBy: creator.did,
  });

  test('default: creator lists the Creator accesses of its documents, across pages', async () => {
    const query = (n: number) => `/accesses?creator=${creator.did}&page[size]=2&page[after]=${n}`;
    const extra = `&creator=${creator.did}`;
    const { status, body } = await get(query(1));
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/accesses', 1, 2, extra),
      items: [creatorAccess(0), creatorAccess(1)],
      total: 5,
      pageSize: 2,
      links: links('/accesses', [1, 1, 2, 3], 2, extra),
    });
    expect(((await get(query(2))).body as Page<Access>).items).toEqual([
      creatorAccess(2),
      creatorAccess(3),
    ]);
    expect(((await get(query(3))).body as Page<Access>).items).toEqual([creatorAccess(4)]);
    expect((await get(query(4))).body).toMatchObject({ items: [], total: 5 });
  });

  test('args: a creator without documents', async () => {
    expect((await get(`/accesses?creator=${idle}`)).body).toMatchObject({ items: [], total: 0 });
  });

  test('args: a did:core v1 subject (creator and delegate)', async () => {
    const { body } = await get(`/accesses?subject=${creator.did}&page[size]=50`);
    expect(body).toMatchObject({
      self: link('/accesses', 1, 50, `&subject=${creator.did}`),
      items: [0, 1, 2, 3, 4].map(creatorAccess),
      total: 5,
    });
    expect(((await get(`/accesses?subject=${delegate}`)).body as Page<Access>).items).toEqual([
      { subject: delegate, permission: 'delegate', documentId: id(0), grantedBy: creator.did },
    ]);
  });

  test('args: a did:key subject', async () => {
    const { status, body } = await get(`/accesses?subject=${writer}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/accesses', 1, 10, `&subject=${writer}`),
      items: [0, 1].map((i) => ({
        subject: writer,
        permission: 'write',
        documentId: id(i),
        grantedBy: creator.did,
      })),
      total: 2,
      pageSize: 10,
      links: links('/accesses', [1, 1, 1, 1], 10, `&subject=${writer}`),
    });
  });

  test('args: a did:core v2 subject', async () => {
    expect(((await get(`/accesses?subject=${v2Writer}`)).body as Page<Access>).items).toEqual([
      { subject: v2Writer, permission: 'write', documentId: id(0), grantedBy: creator.did },
    ]);
  });

  test('behavior: a second instance through contractAddress, kept in every link', async () => {
    const extra = `&creator=${creator.did}&contractAddress=${second}`;
    expect((await get(`/accesses?creator=${creator.did}&contractAddress=${second}`)).body).toEqual({
      self: link('/accesses', 1, 10, extra),
      items: [
        {
          subject: creator.did,
          permission: 'creator',
          documentId: secondDocument,
          grantedBy: creator.did,
        },
      ],
      total: 1,
      pageSize: 10,
      links: links('/accesses', [1, 1, 1, 1], 10, extra),
    });
    expect((await get(`/accesses?subject=${writer}&contractAddress=${second}`)).body).toMatchObject(
      { items: [], total: 0 },
    );
  });

  test.each([
    ['a P-256 key', p256DidKey],
    ['an Ed25519 key (multicodec 0xed)', () => ED25519_DID_KEY],
  ])('args: a did:key of %s, which no account can have, holds no access', async (_, did) => {
    const subject = did();
    const { status, body } = await get(`/accesses?subject=${subject}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/accesses', 1, 10, `&subject=${subject}`),
      items: [],
      total: 0,
      pageSize: 10,
      links: links('/accesses', [1, 1, 1, 1], 10, `&subject=${subject}`),
    });
  });

  const SUBJECT_FORMS = 'Parameter "subject" must be a valid did:core v1, did:core v2 or did:key';
  const CREATOR_FORM = 'Parameter "creator" must be a valid did:core v1';
  test.each([
    ['creator=did:core:zabc', 'creator', CREATOR_FORM],
    ['creator=<v2>', 'creator', CREATOR_FORM],
    ['creator=<did:key>', 'creator', CREATOR_FORM],
    ['subject=did:web:example.com', 'subject', SUBJECT_FORMS],
    ['subject=did:core:zabc', 'subject', SUBJECT_FORMS],
    ['subject=did:key:z0OIl', 'subject', SUBJECT_FORMS],
    ['subject=did:key:mAbC', 'subject', SUBJECT_FORMS],
    [
      'subject=<v1>&page[size]=51',
      'page[size]',
      'Parameter "page[size]" must be less than or equal to 50',
    ],
    ['subject=<v1>&page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['subject=<v1>&permission=write', 'permission', 'Parameter "permission" is not supported'],
  ])('error: %s', async (query, parameter, detail) => {
    const resolved = query
      .replace('<v2>', v2Writer)
      .replace('<did:key>', writer)
      .replace('<v1>', delegate);
    const { status, body } = await get(`/accesses?${resolved}`);
    expect(status).toBe(400);
    expect(body).toEqual(validation(parameter, detail));
  });

  test('error: neither or both filters', async () => {
    expect((await get('/accesses')).body).toEqual({
      ...validation('creator', 'Parameter "creator" is required when "subject" is absent'),
      errors: [
        {
          parameter: 'creator',
          detail: 'Parameter "creator" is required when "subject" is absent',
        },
        {
          parameter: 'subject',
          detail: 'Parameter "subject" is required when "creator" is absent',
        },
      ],
    });
    const both = await get(`/accesses?creator=${creator.did}&subject=${creator.did}`);
    expect(both.status).toBe(400);
    expect((both.body as { errors: unknown }).errors).toEqual([
      { parameter: 'creator', detail: 'Parameter "creator" cannot be combined with "subject"' },
      { parameter: 'subject', detail: 'Parameter "subject" cannot be combined with "creator"' },
    ]);
  });
});

/**
 * Sends HEAD over a raw socket and returns the status and whatever follows the header block: an
 * HTTP client (fetch included) discards a HEAD body itself, so only the wire shows it is absent.
 */
async function rawHead(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(node.url);
  const socket = connect(Number(port), hostname);
  // Written, not ended: the server closes the connection after answering (`Connection: close`).
  socket.write(`HEAD ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  let raw = '';
  for await (const chunk of socket) raw += String(chunk);
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') };
}

describe('HEAD /accesses', () => {
  const head = (query: string) => rawHead(`/v1/track-and-trace/accesses?${query}`);

  test('default: 200 without a body for a whitelisted creator, with or without documents', async () => {
    expect(await head(`creator=${creator.did}`)).toEqual({ status: 200, body: '' });
    expect(await head(`creator=${idle}`)).toEqual({ status: 200, body: '' });
  });

  test('error: 404 without a body for a DID that is not whitelisted', async () => {
    expect(await head(`creator=${delegate}`)).toEqual({ status: 404, body: '' });
    expect(await head(`creator=${idle}&contractAddress=${second}`)).toEqual({
      status: 404,
      body: '',
    });
    expect(await head(`creator=${creator.did}&contractAddress=${second}`)).toEqual({
      status: 200,
      body: '',
    });
  });

  test('behavior: a subject query answers as its GET does', async () => {
    expect(await head(`subject=${writer}`)).toEqual({ status: 200, body: '' });
    expect(await head(`subject=${p256DidKey()}`)).toEqual({ status: 200, body: '' });
  });

  test('error: validation failures are 400 without a body', async () => {
    expect(await head('')).toEqual({ status: 400, body: '' });
    expect(await head(`creator=${v2Writer}`)).toEqual({ status: 400, body: '' });
    expect(await head('subject=did:web:example.com')).toEqual({ status: 400, body: '' });
    expect(await head(`creator=${creator.did}&contractAddress=0x12`)).toEqual({
      status: 400,
      body: '',
    });
  });
});

describe('methods and media types', () => {
  test.each([
    ['POST', '/documents'],
    ['DELETE', `/documents/${randomHash()}/events`],
    ['PUT', '/accesses'],
  ])('error: %s %s is 405 with Allow', async (method, path) => {
    const response = await fetch(`${base}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toMatchObject({ type: 'about:blank', status: 405 });
  });

  test('error: an unsatisfiable Accept is 406', async () => {
    const documents = await get('/documents', { accept: 'text/html' });
    expect(documents.status).toBe(406);
    expect(documents.body).toMatchObject({ type: 'about:blank', title: 'Not Acceptable' });
    expect((await get(`/accesses?creator=${idle}`, { accept: 'text/html' })).status).toBe(406);
  });
});
