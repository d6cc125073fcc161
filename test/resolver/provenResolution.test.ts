import { type DIDResolutionResult, Resolver } from 'did-resolver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CoreClient, createCoreClient } from '../../src/client/index.js';
import { didDocumentProofs } from '../../src/client/proofs/index.js';
import { getResolver } from '../../src/resolver/getResolver.js';
import { blockTime, operatorSignerOf } from '../journeys/support12.js';
import { startResolverDriver } from '../support/cli.js';
import { startLyingProxy } from '../support/lyingProxy.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import { createIssuerParty, type Party } from '../support/trustChain.js';

/** did:core resolution whose documents are checked against state the ledger proves. */
let node: TestNode;
let client: CoreClient;
let party: Party;
let liar: Awaited<ReturnType<typeof startLyingProxy>>;

beforeAll(async () => {
  // A ledger of its own: the embedded one keeps the head's state only, which other files' blocks would move.
  node = await startTestNode({ ownLedger: true });
  client = createCoreClient({ baseUrl: node.url });
  party = await createIssuerParty(client, operatorSignerOf(await operatorOf(node)));
  liar = await startLyingProxy(node.url, ({ path, body }) => {
    if (!decodeURIComponent(path).startsWith(`/v1/did-registry/identifiers/${party.did}`)) return;
    const document = body as { verificationMethod?: { publicKeyJwk: { x: string } }[] };
    for (const method of document.verificationMethod ?? []) {
      method.publicKeyJwk.x = 'Gj2Z3mVJ6uRkQxL5w8Pq1sT4yN7cB0eF9hA2dK6oXzM';
    }
  });
}, 120_000);
afterAll(async () => {
  await liar?.close();
  await node?.close();
});

const resolverOf = (url: string) =>
  new Resolver(getResolver({ node: url, prove: didDocumentProofs({ node: url }) }));

describe('getResolver with prove', () => {
  test("default: an honest node's documents, now and at a time, are proven; the metadata says where", async () => {
    const now = await resolverOf(node.url).resolve(party.did);
    expect(now.didDocument?.id).toBe(party.did);
    expect(now.didResolutionMetadata.proof).toMatch(
      /^proven at block \d+, header as the node gave it$/,
    );
    const at = new Date(Number(await blockTime(client)) * 1000).toISOString();
    const then = await resolverOf(node.url).resolve(`${party.did}?versionTime=${at}`);
    expect(then.didResolutionMetadata.proof).toMatch(/^proven at block \d+/);
  });

  test('error: a node that swaps the keys of a document: internalError naming the difference', async () => {
    const lied = await resolverOf(liar.url).resolve(party.did);
    expect(lied.didDocument).toBeNull();
    expect(lied.didResolutionMetadata).toMatchObject({ error: 'internalError' });
    expect(lied.didResolutionMetadata.message).toMatch(
      /differs from the state proven at block \d+, header as the node gave it: "verificationMethod"/,
    );
    // Without proofs the same node is believed.
    const believed = await new Resolver(getResolver({ node: liar.url })).resolve(party.did);
    expect(believed.didDocument?.id).toBe(party.did);
  });

  test('behavior: core-registry resolver-driver --proofs answers the proof in the resolution metadata, and a lie as internalError', async () => {
    const honest = await startResolverDriver(node.url, ['--proofs']);
    const lying = await startResolverDriver(liar.url, ['--proofs']);
    try {
      const read = async (base: string) => {
        const response = await fetch(`${base}/1.0/identifiers/${party.did}`);
        return { status: response.status, body: (await response.json()) as DIDResolutionResult };
      };
      const proven = await read(honest.url);
      expect(proven.status).toBe(200);
      expect(proven.body.didResolutionMetadata.proof).toMatch(/^proven at block \d+/);
      const lied = await read(lying.url);
      expect(lied.status).toBe(500);
      expect(lied.body.didResolutionMetadata).toMatchObject({ error: 'internalError' });
      expect(lied.body.didResolutionMetadata.message).toMatch(/differs from the state proven/);
    } finally {
      honest.process.kill();
      lying.process.kill();
    }
  });
});
