import { type Hex, keccak256, padHex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  commitAndReveal,
  createCoreClient,
  paginate,
  TransactionRevertedError,
  toDidKey,
  toSecp256k1PrivateJwk,
} from '../../src/client/index.js';
import type { TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import { blockTimeOf, onboard, send, tokenOf, type Writer } from './support34.js';

/** `ITrackAndTrace.AccountType` and `AccessType`, by value. */
const DID_CORE = 0;
const DID_KEY = 1;
const WRITE = 1;

type Page<T> = { items: T[]; total: number };
type Access = { subject: string; permission: string; documentId: Hex; grantedBy: string };
type DocumentEvent = {
  externalHash: string;
  hash: Hex;
  metadata: string;
  origin: string;
  sender: string;
  timestamp: { datetime: string; source: string; proof: Hex };
};

let node: TestNode;
let client: CoreClient;
let operator: Writer;
/** The authoriser: holds `TNT:authoriseDid` on its controller key. */
let d: TestHolder;
/** The document creator, whitelisted by D. */
let e: TestHolder;
/** A natural person: a did:key of a secp256k1 key, never registered anywhere. */
let f: Writer;
/** F's key as the contract stores a `DidKey` account: X ‖ Y, 64 bytes. */
let fAccount: Hex;

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  const op = await operatorOf(node);
  operator = { ...op.operator, account: op.account as Writer['account'] };
  [d, e] = await Promise.all([onboard(client, operator), onboard(client, operator)]);
  const key = generatePrivateKey();
  const privateKeyJwk = toSecp256k1PrivateJwk(key);
  const did = toDidKey({ kty: 'EC', crv: 'secp256k1', x: privateKeyJwk.x, y: privateKeyJwk.y });
  const account = privateKeyToAccount(key);
  f = { did, kid: `${did}#${did.slice('did:key:'.length)}`, privateKeyJwk, account };
  fAccount = `0x${account.publicKey.slice(4)}`;
});
afterAll(() => node.close());

describe('journey 3: track and trace, from authorisation to a revoked writer', () => {
  test('default: D authorises E, E creates a document and lets F write until it revokes F', async () => {
    const documentHash = keccak256(toHex(`journey 3 document ${Date.now()}`));
    const eAccount = toHex(e.did);

    // The operator grants D's controller key the policy that track-and-trace:authorise needs.
    const policies = await tokenOf(client, operator, 'openid policies-registry:write');
    await send(client, operator, policies, 'policies-registry', 'insertUserAttributes', [
      d.address,
      ['TNT:authoriseDid'],
    ]);

    // D whitelists E as a document creator (ES256K presentation, SelfAttestation).
    const creatorCheck = `/v1/track-and-trace/accesses?creator=${e.did}`;
    const isCreator = async () =>
      (await fetch(`${node.url}${creatorCheck}`, { method: 'HEAD' })).status;
    expect(await isCreator()).toBe(404);
    const authorise = await tokenOf(client, d, 'openid track-and-trace:authorise');
    await send(client, d, authorise, 'track-and-trace', 'authoriseDid', [d.did, e.did, true]);
    expect(await isCreator()).toBe(200);

    // E creates the document with commit–reveal.
    const create = await tokenOf(client, e, 'openid track-and-trace:create');
    const created = await commitAndReveal(client, {
      registry: 'track-and-trace',
      functionName: 'createDocument',
      args: [documentHash, 'journey 3 metadata', e.did],
      account: e.account,
      accessToken: create,
    });
    expect(
      BigInt(created.reveal.blockNumber) - BigInt(created.commit.blockNumber),
    ).toBeGreaterThanOrEqual(5n);
    expect(await client.get(`/v1/track-and-trace/documents/${documentHash}`)).toEqual({
      metadata: 'journey 3 metadata',
      timestamp: {
        datetime: await blockTimeOf(client, created.reveal),
        source: 'block',
        proof: padHex(created.reveal.blockNumber, { size: 32 }),
      },
      creator: e.did,
    });
    const eCreator: Access = {
      subject: e.did,
      permission: 'creator',
      documentId: documentHash,
      grantedBy: e.did,
    };
    expect(await all<Access>(creatorCheck)).toEqual([eCreator]);

    // E grants F (a did:key account) the right to write events.
    const write = await tokenOf(client, e, 'openid track-and-trace:write');
    await send(client, e, write, 'track-and-trace', 'grantAccess', [
      documentHash,
      eAccount,
      fAccount,
      DID_CORE,
      DID_KEY,
      WRITE,
    ]);
    const fAccess: Access = {
      subject: f.did,
      permission: 'write',
      documentId: documentHash,
      grantedBy: e.did,
    };
    expect(await all<Access>(`/v1/track-and-trace/documents/${documentHash}/accesses`)).toEqual([
      eCreator,
      fAccess,
    ]);
    expect(await all<Access>(`/v1/track-and-trace/accesses?subject=${f.did}`)).toEqual([fAccess]);

    // F writes an event with its own did:key token, signed by its own key.
    const fToken = await tokenOf(client, f, 'openid track-and-trace:write');
    const event = {
      documentHash,
      externalHash: 'journey-3-event-1',
      sender: fAccount,
      origin: 'warehouse 7',
      metadata: '{"temperature":4}',
    };
    const written = await send(client, f, fToken, 'track-and-trace', 'writeEvent', [event]);
    const eventId = keccak256(toHex(event.externalHash));
    expect(await all(`/v1/track-and-trace/documents/${documentHash}/events`)).toEqual([
      {
        eventId,
        href: `${node.url}/v1/track-and-trace/documents/${documentHash}/events/${eventId}`,
      },
    ]);
    expect(
      await client.get<DocumentEvent>(
        `/v1/track-and-trace/documents/${documentHash}/events/${eventId}`,
      ),
    ).toEqual({
      externalHash: event.externalHash,
      hash: eventId,
      metadata: event.metadata,
      origin: event.origin,
      sender: f.did,
      timestamp: {
        datetime: await blockTimeOf(client, written),
        source: 'block',
        proof: padHex(written.blockNumber, { size: 32 }),
      },
    });

    // E revokes F; F's next event passes the gate (it cannot know document permissions) and the
    // contract refuses it.
    await send(client, e, write, 'track-and-trace', 'revokeAccess', [
      documentHash,
      eAccount,
      fAccount,
      WRITE,
    ]);
    expect(await all<Access>(`/v1/track-and-trace/accesses?subject=${f.did}`)).toEqual([]);
    expect(await all<Access>(`/v1/track-and-trace/documents/${documentHash}/accesses`)).toEqual([
      eCreator,
    ]);
    const refused = send(client, f, fToken, 'track-and-trace', 'writeEvent', [
      { ...event, externalHash: 'journey-3-event-2' },
    ]);
    const reverted = await refused.catch((error: unknown) => error);
    expect(reverted).toBeInstanceOf(TransactionRevertedError);
    expect(reverted).toMatchObject({
      errorName: 'EventSenderNotWriter',
      args: [documentHash, fAccount],
    });
    const { hash } = reverted as TransactionRevertedError;
    expect(await client.rpc('eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x0' });
    expect(
      await client.get<Page<unknown>>(`/v1/track-and-trace/documents/${documentHash}/events`),
    ).toMatchObject({ total: 1 });
  });
});

/** Every item of a collection, following its `next` links. */
async function all<T = unknown>(path: string): Promise<T[]> {
  const items: T[] = [];
  for await (const item of paginate<T>(client, path)) items.push(item);
  return items;
}
