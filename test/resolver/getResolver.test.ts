import { Resolver } from 'did-resolver';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { getKeyResolver } from '../../src/resolver/getKeyResolver.js';
import { getResolver } from '../../src/resolver/getResolver.js';
import { connectTestChain } from '../support/chain.js';
import {
  createHolder,
  registerHolder,
  rollHolderKey,
  type TestHolder,
} from '../support/holders.js';
import { freePort, getJson, startTestNode, type TestNode } from '../support/testNode.js';

// did:core through the DIF `did-resolver` package, over a real node on the worker's ledger.

let node: TestNode;
let chain: ReturnType<typeof connectTestChain>;
let registry: Address;
let resolver: Resolver;
let holder: TestHolder;
/** The holder's second key, rolled in after `registeredAt`. */
let rolled: TestHolder;
let registeredAt: bigint;
let rollAt: bigint;

const headTime = async () => (await chain.client.getBlock()).timestamp;
const isoOf = (time: bigint) => new Date(Number(time) * 1000).toISOString();
const methodOf = (did: string, key: TestHolder) => ({
  id: `${did}#${key.vMethodId}`,
  type: 'JsonWebKey2020',
  controller: did,
  publicKeyJwk: key.publicJwk,
});

beforeAll(async () => {
  node = await startTestNode();
  chain = connectTestChain(node.ledger.url);
  registry = node.environment.registries['did-registry'];
  resolver = new Resolver({ ...getResolver({ node: node.url }), ...getKeyResolver() });
  holder = await createHolder();
  await registerHolder(chain, registry, holder);
  registeredAt = await headTime();
  // The holder rolls its key: from `rollAt` the new key holds every relationship of the old one.
  rolled = await createHolder();
  rollAt = registeredAt + 1n;
  await rollHolderKey(chain, registry, holder, rolled, rollAt);
  // The ledger mines on for a while after a write: wait until its clock has passed the roll.
  const deadline = Date.now() + 20_000;
  while ((await headTime()) <= rollAt && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(() => node.close());

describe('getResolver: did:core through did-resolver', () => {
  test('default: the document the node serves, its content type, empty document metadata', async () => {
    const { body } = await getJson(node.url, `/v1/did-registry/identifiers/${holder.did}`);
    const result = await resolver.resolve(holder.did);
    expect(result).toEqual({
      didResolutionMetadata: { contentType: 'application/did+ld+json' },
      didDocument: body,
      didDocumentMetadata: {},
    });
    expect(result.didDocument?.verificationMethod).toEqual([methodOf(holder.did, rolled)]);
  });

  test('args: accept application/did+json gives the document without @context', async () => {
    const result = await resolver.resolve(holder.did, { accept: 'application/did+json' });
    expect(result.didResolutionMetadata).toEqual({ contentType: 'application/did+json' });
    expect(result.didDocument).not.toHaveProperty('@context');
    expect(result.didDocument).toMatchObject({ id: holder.did, controller: [holder.did] });
  });

  test('args: versionTime before the key roll gives the old key, after it the new one', async () => {
    const before = await resolver.resolve(holder.did, { versionTime: isoOf(registeredAt) });
    const after = await resolver.resolve(holder.did, { versionTime: isoOf(rollAt + 1n) });
    expect(before.didDocument?.verificationMethod).toEqual([methodOf(holder.did, holder)]);
    expect(before.didDocument?.authentication).toEqual([`${holder.did}#${holder.vMethodId}`]);
    expect(after.didDocument?.verificationMethod).toEqual([methodOf(holder.did, rolled)]);
    expect(after.didDocument?.authentication).toEqual([`${holder.did}#${rolled.vMethodId}`]);
    // The same option written as a DID URL parameter.
    const inUrl = await resolver.resolve(`${holder.did}?versionTime=${isoOf(registeredAt)}`);
    expect(inUrl.didDocument).toEqual(before.didDocument);
  });

  test('error: a did:core the registry does not hold is notFound', async () => {
    const did = createDidCoreV1();
    expect(await resolver.resolve(did)).toEqual({
      didResolutionMetadata: { error: 'notFound', message: `${did} is not registered` },
      didDocument: null,
      didDocumentMetadata: {},
    });
  });

  test('error: what is not a did:core v1 is invalidDid, never a request to the node', async () => {
    expect(await resolver.resolve('did:core:z123')).toEqual({
      didResolutionMetadata: {
        error: 'invalidDid',
        message: '"did:core:z123" is not a did:core v1, the form a DID Registry holds',
      },
      didDocument: null,
      didDocumentMetadata: {},
    });
    // Not a DID at all: did-resolver answers it before any driver.
    expect((await resolver.resolve('core:nothing')).didResolutionMetadata.error).toBe('invalidDid');
  });

  test('error: an accept other than the DID and JSON media types is representationNotSupported', async () => {
    const result = await resolver.resolve(holder.did, { accept: 'text/html' });
    expect(result.didResolutionMetadata).toEqual({
      error: 'representationNotSupported',
      message: '"accept" must be application/did+ld+json, application/did+json or application/json',
    });
    expect(result.didDocument).toBeNull();
    const json = await resolver.resolve(holder.did, { accept: 'application/json' });
    expect(json.didResolutionMetadata).toEqual({ contentType: 'application/did+ld+json' });
  });

  test('error: a versionTime the node refuses is invalidOptions', async () => {
    const result = await resolver.resolve(holder.did, { versionTime: 'yesterday' });
    expect(result.didResolutionMetadata).toEqual({
      error: 'invalidOptions',
      message: '"versionTime" must be a date (YYYY-MM-DD) or an RFC 3339 date-time, from 1970 on',
    });
  });

  test('error: a node that does not answer is a retryable internalError', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const offline = new Resolver(getResolver({ node: down, timeout: 2_000 }));
    expect((await offline.resolve(holder.did)).didResolutionMetadata).toEqual({
      error: 'internalError',
      message: `The node at ${down} did not answer, or is unavailable`,
      retryable: true,
    });
  });

  test('error: a node URL that is not http(s) is a TypeError', () => {
    expect(() => getResolver({ node: 'localhost:8080' })).toThrow(
      new TypeError('"node" must be the http(s) URL of a core-registry node'),
    );
  });
});
