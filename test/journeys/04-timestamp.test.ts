import { randomBytes } from 'node:crypto';
import { encodeAbiParameters, type Hex, hexToBytes, sha256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  commitAndReveal,
  createCoreClient,
  paginate,
} from '../../src/client/index.js';
import type { TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import { blockTimeOf, onboard, send, tokenOf, type Writer } from './support34.js';

/** `ITimestamp.HashAlgorithmStatus.Active`. */
const ACTIVE = 1;

/** The documented REST encodings (reference/read-api.md §3.6), written out with Node's base64. */
const base64url = (bytes: Hex) => Buffer.from(hexToBytes(bytes)).toString('base64url');
/** timestampId: `u` + base64url of the sha2-256 multihash of `sha256(hashValue)`. */
const restTimestampId = (hashValue: Hex) => `u${base64url(`0x1220${sha256(hashValue).slice(2)}`)}`;
/** recordId: `u` + base64url of its 32 bytes. */
const restRecordId = (recordId: Hex) => `u${base64url(recordId)}`;
/** The `hash` field: `m` + base64 (unpadded) of the sha2-256 multihash of the value. */
const restHash = (hashValue: Hex) =>
  `m${Buffer.from(hexToBytes(`0x1220${hashValue.slice(2)}`))
    .toString('base64')
    .replace(/=+$/, '')}`;

type Link = { href: string };

let node: TestNode;
let client: CoreClient;
let operator: Writer;
/** Timestamps a file and owns the record. */
let a: TestHolder;
/** The second owner A adds to the record. */
let b: TestHolder;

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  const op = await operatorOf(node);
  operator = { ...op.operator, account: op.account as Writer['account'] };
  [a, b] = await Promise.all([onboard(client, operator), onboard(client, operator)]);
});
afterAll(() => node.close());

describe('journey 4: timestamp a file, then record, version and share it', () => {
  test('default: A timestamps a file hash, records and versions it, adds an owner; reads find it by id', async () => {
    // The operator inserts SHA-256 through the API, and the algorithm is found by reading.
    const operatorToken = await tokenOf(client, operator, 'openid timestamp:write');
    await send(client, operator, operatorToken, 'timestamp', 'insertHashAlgorithm', [
      256n,
      'sha-256',
      '2.16.840.1.101.3.4.2.1',
      ACTIVE,
      'sha2-256',
    ]);
    const algorithms: { hashAlgorithmId: number; ianaName: string }[] = [];
    for (const { href } of await all<Link>('/v1/timestamp/hash-algorithms')) {
      algorithms.push(await client.get(href));
    }
    const algorithm = algorithms.find(({ ianaName }) => ianaName === 'sha-256');
    expect(algorithm).toMatchObject({
      ianaName: 'sha-256',
      multihash: 'sha2-256',
      outputLengthBits: 256,
      status: 'active',
    });
    if (!algorithm) throw new TypeError('sha-256 is not among the hash algorithms');
    const sha256Id = BigInt(algorithm.hashAlgorithmId);

    // A timestamps the SHA-256 of a file's bytes with commit–reveal.
    const file = Buffer.concat([Buffer.from('%PDF-1.7 journey 4\n'), randomBytes(64)]);
    const fileHash = sha256(file);
    const data = toHex('{"name":"contract.pdf"}');
    const token = await tokenOf(client, a, 'openid timestamp:write');
    const reveal = (functionName: string, args: readonly unknown[]) =>
      commitAndReveal(client, {
        registry: 'timestamp',
        functionName,
        args,
        account: a.account,
        accessToken: token,
      });
    const stamped = await reveal('timestampHashes', [[sha256Id], [fileHash], [data]]);
    expect(
      BigInt(stamped.reveal.blockNumber) - BigInt(stamped.commit.blockNumber),
    ).toBeGreaterThanOrEqual(5n);

    // The timestamp is listed under the documented id, and read by it.
    const timestampId = restTimestampId(fileHash);
    const listed = await all<{ timestampId: string; href: string }>('/v1/timestamp/timestamps');
    expect(listed).toContainEqual({
      timestampId,
      href: `${node.url}/v1/timestamp/timestamps/${timestampId}`,
    });
    expect(await client.get(`/v1/timestamp/timestamps/${timestampId}`)).toEqual({
      timestampId,
      hash: restHash(fileHash),
      hashAlgorithmId: Number(sha256Id),
      timestampedBy: a.address,
      blockNumber: Number(stamped.reveal.blockNumber),
      timestamp: await blockTimeOf(client, stamped.reveal),
      data,
      transactionHash: stamped.reveal.transactionHash,
    });

    // A makes a record of the file (version 0); its id derives from A, the block and the hash.
    const info0 = { '@context': 'https://schema.org', name: 'contract.pdf', version: 0 };
    const recorded = await reveal('timestampRecordHashes', [
      [sha256Id],
      [fileHash],
      [],
      toHex(JSON.stringify(info0)),
    ]);
    const recordHex = sha256(
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }],
        [a.address, BigInt(recorded.reveal.blockNumber), fileHash],
      ),
    );
    const recordId = restRecordId(recordHex);
    const aOwner = a.address.toLowerCase();
    expect(await all(`/v1/timestamp/records?owner=${aOwner}`)).toEqual([
      { recordId, href: `${node.url}/v1/timestamp/records/${recordId}` },
    ]);

    // A adds the revised file as version 1.
    const revised = Buffer.concat([file, Buffer.from('\n% signed')]);
    const revisedHash = sha256(revised);
    const info1 = { name: 'contract.pdf', version: 1, signed: true };
    await reveal('timestampRecordVersionHashes', [
      recordHex,
      [sha256Id],
      [revisedHash],
      [],
      toHex(JSON.stringify(info1)),
    ]);

    // A makes B an owner from now on; B then acts on the record as an owner, with its own token.
    const latest = await client.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
    const bOwner = b.address.toLowerCase();
    await send(client, a, token, 'timestamp', 'insertRecordOwner', [
      recordHex,
      bOwner,
      BigInt(latest.timestamp),
      0n,
    ]);
    const note = { reviewedBy: b.did };
    const bToken = await tokenOf(client, b, 'openid timestamp:write');
    await send(client, b, bToken, 'timestamp', 'insertRecordVersionInfo', [
      recordHex,
      1n,
      toHex(JSON.stringify(note)),
    ]);

    // Reads: the record with both owners and its two versions.
    expect(await client.get(`/v1/timestamp/records/${recordId}`)).toEqual({
      ownerIds: [aOwner, bOwner],
      revokedOwnerIds: [],
      totalVersions: 2,
      firstVersionTimestamps: [fileHash],
      lastVersionTimestamps: [revisedHash],
    });
    expect(await all(`/v1/timestamp/records?owner=${bOwner}`)).toEqual([
      { recordId, href: `${node.url}/v1/timestamp/records/${recordId}` },
    ]);
    const versions = `/v1/timestamp/records/${recordId}/versions`;
    expect(await all(versions)).toEqual(
      [0, 1].map((versionId) => ({
        versionId,
        href: `${node.url}${versions}/${versionId}`,
      })),
    );
    expect(await client.get(`${versions}/0`)).toEqual({ hashes: [fileHash], info: [info0] });
    expect(await client.get(`${versions}/1`)).toEqual({
      hashes: [revisedHash],
      info: [info1, note],
    });
    // The revised file has a timestamp of its own, by A.
    expect(
      await client.get(`/v1/timestamp/timestamps/${restTimestampId(revisedHash)}`),
    ).toMatchObject({
      hash: restHash(revisedHash),
      timestampedBy: a.address,
      data: '0x',
    });
  });
});

/** Every item of a collection, following its `next` links. */
async function all<T = unknown>(path: string): Promise<T[]> {
  const items: T[] = [];
  for await (const item of paginate<T>(client, path)) items.push(item);
  return items;
}
