import { Resolver } from 'did-resolver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { getResolver } from '../../src/resolver/getResolver.js';
import { startResolverDriver } from '../support/cli.js';
import { startLyingProxy } from '../support/lyingProxy.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

/**
 * did:core resolution that needs a quorum of nodes to agree (docs/trust-model.md): three nodes,
 * each an HTTP front of one real node; a liar swaps the operator's keys.
 */
let node: TestNode;
let did: string;
const fronts: Awaited<ReturnType<typeof startLyingProxy>>[] = [];
let honest: string;
let liars: [string, string];

/** A front of the node that changes the x of every key of `did`'s document to `x`. */
const swapping = (x: string | undefined) =>
  startLyingProxy(node.url, ({ path, body }) => {
    if (x === undefined || !decodeURIComponent(path).includes(did)) return;
    const document = body as { verificationMethod?: { publicKeyJwk: { x: string } }[] };
    for (const method of document.verificationMethod ?? []) method.publicKeyJwk.x = x;
  });

beforeAll(async () => {
  node = await startTestNode();
  did = node.environment.operatorDid;
  fronts.push(
    await swapping(undefined),
    await swapping('Gj2Z3mVJ6uRkQxL5w8Pq1sT4yN7cB0eF9hA2dK6oXzM'),
    await swapping('AAAZ3mVJ6uRkQxL5w8Pq1sT4yN7cB0eF9hA2dK6oXzM'),
  );
  const [front, one, other] = fronts.map((front) => front.url) as [string, string, string];
  honest = front;
  liars = [one, other];
});
afterAll(async () => {
  await Promise.all(fronts.map((front) => front.close()));
  await node?.close();
});

const resolverOf = (nodes: string[], quorum: number) =>
  new Resolver(getResolver({ nodes, quorum }));

describe('getResolver with a quorum of nodes', () => {
  test('default: 2 of 3 agree, one lies: the honest document, and the metadata says so', async () => {
    const alone = await new Resolver(getResolver({ node: node.url })).resolve(did);
    const result = await resolverOf([node.url, honest, liars[0]], 2).resolve(did);
    expect(result.didDocument).toEqual(alone.didDocument);
    expect(result.didResolutionMetadata.quorum).toBe('2 of 3 nodes agreed');
  });

  test('error: no two nodes agree: internalError, never a document', async () => {
    const result = await resolverOf([node.url, ...liars], 2).resolve(did);
    expect(result.didDocument).toBeNull();
    expect(result.didResolutionMetadata).toMatchObject({
      error: 'internalError',
      message: `The nodes disagree: at most 1 of 3 nodes agreed, 2 needed (${[node.url, ...liars].join(', ')})`,
    });
  });

  test('behavior: an unknown DID is notFound when the quorum says so; a node that does not answer agrees with none', async () => {
    const unknown = await resolverOf([node.url, honest, 'http://127.0.0.1:1'], 2).resolve(
      createDidCoreV1(),
    );
    expect(unknown.didResolutionMetadata).toMatchObject({
      error: 'notFound',
      quorum: '2 of 3 nodes agreed',
    });
    const unreachable = await resolverOf([node.url, 'http://127.0.0.1:1'], 2).resolve(did);
    expect(unreachable.didResolutionMetadata.error).toBe('internalError');
  });

  test('args: a quorum out of range, or prove with nodes, is a TypeError', () => {
    expect(() => getResolver({ nodes: [node.url], quorum: 2 })).toThrow(
      '"quorum" must be a whole number from 1 to 1 (the nodes)',
    );
    expect(() => getResolver({ nodes: [], quorum: 1 })).toThrow(
      '"nodes" must list at least one node',
    );
  });

  test('behavior: resolver-driver --nodes --quorum answers as the quorum does', async () => {
    const driver = await startResolverDriver(node.url, [
      '--nodes',
      [node.url, honest, liars[0]].join(','),
      '--quorum',
      '2',
    ]);
    try {
      const response = await fetch(`${driver.url}/1.0/identifiers/${did}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { didResolutionMetadata: { quorum?: string } };
      expect(body.didResolutionMetadata.quorum).toBe('2 of 3 nodes agreed');
    } finally {
      driver.process.kill();
    }
  });
});
