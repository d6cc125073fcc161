import { randomBytes } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';
import { type Hex, hexToBytes, keccak256, sha256, toHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import {
  type CoreClient,
  commitAndReveal,
  createCoreClient,
  createDidCoreV1,
  type Signer,
} from '../../src/client/index.js';
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
} from '../journeys/support12.js';
import { operatorOf } from '../support/operator.js';
import type { TestNode } from '../support/testNode.js';
import {
  accredit,
  firstAttributeOf,
  type Party,
  reserveAttribute,
  revokeAttribute,
} from '../support/trustChain.js';

type Entity = { did: string; key: Key & { account: PrivateKeyAccount }; signer: Signer };

/** What the explorer tests expect to see, written through the public API as a client would. */
export type ExplorerSeed = {
  operatorDid: string;
  /** A TAO accredited by the operator (the Root TAO). */
  tao: Entity;
  /** A TI the TAO accredited, then revoked. */
  revokedTi: Entity;
  /** A file the TAO timestamped, and the block of the timestamp. */
  file: Buffer;
  fileBlock: number;
  /** A schema with two revisions, by its multibase id, and its latest title. */
  schema: { multibaseId: string; title: string };
  /** A Track and Trace document the TAO authorised the TI to create, with one event. */
  document: { hash: Hex; metadata: string; creator: string; externalHash: string };
};

/**
 * Seeds a node: two onboarded legal entities, an accreditation chain Root TAO → TAO → TI with
 * the TI revoked, the SHA-256 hash algorithm and a timestamped file, a schema with two revisions,
 * a Track and Trace document with an event, and the TAO's base document replaced.
 */
export async function seedExplorer(node: TestNode): Promise<ExplorerSeed> {
  const client = createCoreClient({ baseUrl: node.url });
  const operator = operatorSignerOf(await operatorOf(node));
  const [tao, revokedTi] = await Promise.all([
    onboardEntity(client, operator),
    onboardEntity(client, operator),
  ]);
  await accreditChain(client, operator, tao, revokedTi);
  // One after another: the operator's writes would race for its account's nonce.
  const { file, fileBlock } = await timestampFile(client, operator, tao);
  const schema = await insertSchema(client, operator);
  const document = await createDocument(client, operator, tao, revokedTi);
  // A second change in the TAO's history.
  await send(client, {
    registry: 'did-registry',
    functionName: 'updateBaseDocument',
    args: [tao.did, '{"@context":["https://www.w3.org/ns/did/v1"],"alsoKnownAs":["explorer"]}'],
    account: tao.key.account,
    accessToken: await tokenOf(client, tao.signer, 'openid did-registry:write'),
  });
  return { operatorDid: operator.did, tao, revokedTi, file, fileBlock, schema, document };
}

async function onboardEntity(client: CoreClient, operator: Signer): Promise<Entity> {
  const entity = { did: createDidCoreV1(), key: await createSecp256k1Key() };
  const notBefore = await blockTime(client);
  await onboard(client, operator, entity, { notBefore, notAfter: notBefore + YEAR });
  return { ...entity, signer: signerOf(entity.did, entity.key) };
}

/**
 * Journey 2, shortened: the operator (Root TAO) accredits `tao` as a TAO, which reserves a TI
 * attribute for `ti`, then revokes it.
 */
async function accreditChain(
  client: CoreClient,
  operator: Signer & { account: PrivateKeyAccount },
  tao: Entity,
  ti: Entity,
): Promise<void> {
  const root: Party = { did: operator.did, signer: operator, account: operator.account };
  const taoAttributeId = await accredit(client, {
    tao: root,
    taoAttributeId: await firstAttributeOf(client, root.did),
    subject: partyOf(tao),
    role: 'TAO',
  });
  const taoParty = partyOf(tao);
  const tiAttributeId = await reserveAttribute(client, taoParty, ti.did, taoAttributeId, 'TI');
  await revokeAttribute(client, taoParty, ti.did, tiAttributeId, taoAttributeId);
}

function partyOf(entity: Entity): Party {
  return { did: entity.did, signer: entity.signer, account: entity.key.account };
}

/** The operator adds SHA-256; `holder` timestamps a file's SHA-256 with commit–reveal. */
async function timestampFile(
  client: CoreClient,
  operator: Signer & { account: PrivateKeyAccount },
  holder: Entity,
): Promise<{ file: Buffer; fileBlock: number }> {
  const operatorWrite = await tokenOf(client, operator, 'openid timestamp:write');
  await send(client, {
    registry: 'timestamp',
    functionName: 'insertHashAlgorithm',
    args: [256n, 'sha-256', '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'],
    account: operator.account,
    accessToken: operatorWrite,
  });
  const algorithms = await client.get<{ items: { hashAlgorithmId: number }[] }>(
    '/v1/timestamp/hash-algorithms',
  );
  const algorithmId = BigInt(algorithms.items.at(-1)?.hashAlgorithmId ?? 0);
  const file = Buffer.concat([Buffer.from('%PDF-1.7 explorer\n'), randomBytes(64)]);
  const token = await tokenOf(client, holder.signer, 'openid timestamp:write');
  const stamped = await commitAndReveal(client, {
    registry: 'timestamp',
    functionName: 'timestampHashes',
    args: [[algorithmId], [sha256(file)], [toHex('{"name":"contract.pdf"}')]],
    account: holder.key.account,
    accessToken: token,
  });
  // A record of two hashes with a version info, for the records and versions views.
  await commitAndReveal(client, {
    registry: 'timestamp',
    functionName: 'timestampRecordHashes',
    args: [
      [algorithmId, algorithmId],
      [sha256(toHex('record part 1')), sha256(toHex('record part 2'))],
      ['0x', '0x'],
      toHex('{"title":"Explorer record","version":"1.0"}'),
    ],
    account: holder.key.account,
    accessToken: token,
  });
  return { file, fileBlock: Number(stamped.reveal.blockNumber) };
}

/** The operator inserts a JSON Schema, then a second revision of it. */
async function insertSchema(
  client: CoreClient,
  operator: Signer & { account: PrivateKeyAccount },
): Promise<ExplorerSeed['schema']> {
  const revision = (title: string, required: string[]) =>
    toHex(JSON.stringify({ title, type: 'object', required }));
  const first = revision('Explorer credential', []);
  const schemaId = sha256(first);
  const accessToken = await tokenOf(client, operator, 'openid schemas-registry:write');
  const write = (functionName: 'insertSchema' | 'updateSchema', schema: Hex) =>
    send(client, {
      registry: 'schemas-registry',
      functionName,
      args: [schemaId, schema, toHex('{"note":"explorer"}')],
      account: operator.account,
      accessToken,
    });
  await write('insertSchema', first);
  await write('updateSchema', revision('Explorer credential v2', ['name']));
  return { multibaseId: base58btc.encode(hexToBytes(schemaId)), title: 'Explorer credential v2' };
}

/**
 * Journey 3, shortened: the operator lets `authoriser` authorise creators, which whitelists
 * `creator`; `creator` creates a document (commit–reveal) and writes an event on it.
 */
async function createDocument(
  client: CoreClient,
  operator: Signer & { account: PrivateKeyAccount },
  authoriser: Entity,
  creator: Entity,
): Promise<ExplorerSeed['document']> {
  const policies = await tokenOf(client, operator, 'openid policies-registry:write');
  await send(client, {
    registry: 'policies-registry',
    functionName: 'insertUserAttributes',
    args: [authoriser.key.account.address, ['TNT:authoriseDid']],
    account: operator.account,
    accessToken: policies,
  });
  await send(client, {
    registry: 'track-and-trace',
    functionName: 'authoriseDid',
    args: [authoriser.did, creator.did, true],
    account: authoriser.key.account,
    accessToken: await tokenOf(client, authoriser.signer, 'openid track-and-trace:authorise'),
  });
  const document = {
    hash: keccak256(toHex(`explorer document ${randomBytes(8).toString('hex')}`)),
    metadata: 'Shipment 42, explorer seed',
    creator: creator.did,
    externalHash: 'explorer-event-1',
  };
  await commitAndReveal(client, {
    registry: 'track-and-trace',
    functionName: 'createDocument',
    args: [document.hash, document.metadata, creator.did],
    account: creator.key.account,
    accessToken: await tokenOf(client, creator.signer, 'openid track-and-trace:create'),
  });
  await send(client, {
    registry: 'track-and-trace',
    functionName: 'writeEvent',
    args: [
      {
        documentHash: document.hash,
        externalHash: document.externalHash,
        sender: toHex(creator.did),
        origin: 'warehouse 7',
        metadata: '{"temperature":4}',
      },
    ],
    account: creator.key.account,
    accessToken: await tokenOf(client, creator.signer, 'openid track-and-trace:write'),
  });
  return document;
}
