import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { toDidKey } from '../../src/identity/didKey.js';
import type { PublicEcJwk } from '../../src/identity/jwk.js';
import { connectTestChain } from '../support/chain.js';
import { type ResolverDriverProcess, runCli, startResolverDriver } from '../support/cli.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { freePort, getJson, startTestNode, type TestNode } from '../support/testNode.js';

// `core-registry resolver-driver` (the built CLI) over real HTTP, in front of a real node.

const RESULT = 'application/ld+json;profile="https://w3id.org/did-resolution"';
vi.setConfig({ hookTimeout: 120_000, testTimeout: 90_000 });

type Driver = ResolverDriverProcess;
const drivers: Driver[] = [];
let node: TestNode;
let driver: Driver;
let holder: TestHolder;

/** Starts the driver on a free port of 127.0.0.1, stopped after the file. */
async function startDriver(nodeUrl: string): Promise<Driver> {
  const running = await startResolverDriver(nodeUrl);
  drivers.push(running);
  return running;
}

async function get(did: string, accept?: string, base = driver.url) {
  const response = await fetch(`${base}/1.0/identifiers/${did}`, {
    headers: accept === undefined ? {} : { accept },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  node = await startTestNode();
  holder = await createHolder();
  await registerHolder(
    connectTestChain(node.ledger.url),
    node.environment.registries['did-registry'],
    holder,
  );
  driver = await startDriver(node.url);
});
afterAll(async () => {
  for (const { process: child } of drivers) child.kill('SIGTERM');
  await node.close();
});

describe('core-registry resolver-driver: GET /1.0/identifiers/{did}', () => {
  test('default: the resolution result, the document as the node serves it', async () => {
    const { body: document } = await getJson(
      node.url,
      `/v1/did-registry/identifiers/${holder.did}`,
    );
    const expected = {
      didResolutionMetadata: { contentType: 'application/did+ld+json' },
      didDocument: document,
      didDocumentMetadata: {},
    };
    expect(await get(holder.did)).toEqual({ status: 200, type: RESULT, body: expected });
    expect(await get(holder.did, RESULT)).toEqual({ status: 200, type: RESULT, body: expected });
  });

  test('args: Accept application/did+ld+json or application/did+json gives the document alone', async () => {
    const ld = await get(holder.did, 'application/did+ld+json');
    expect(ld).toMatchObject({ status: 200, type: 'application/did+ld+json' });
    expect(ld.body).toMatchObject({ '@context': expect.anything(), id: holder.did });
    const plain = await get(holder.did, 'application/did+json');
    expect(plain).toMatchObject({ status: 200, type: 'application/did+json' });
    const { '@context': _context, ...withoutContext } = ld.body;
    expect(plain.body).toEqual(withoutContext);
  });

  test('args: versionTime goes to the node as valid-at; one it refuses is 400 invalidOptions', async () => {
    const then = await get(`${holder.did}?versionTime=1970-01-01T00:00:00Z`);
    expect(then.status).toBe(200);
    expect(then.body.didDocument).toMatchObject({ id: holder.did });
    expect(await get(`${holder.did}?versionTime=yesterday`)).toMatchObject({
      status: 400,
      body: { didResolutionMetadata: { error: 'invalidOptions' }, didDocument: null },
    });
  });

  test('behavior: a jwk_jcs-pub did:key is resolved without the node', async () => {
    const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
      format: 'jwk',
    }) as PublicEcJwk;
    const did = toDidKey({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y });
    const { status, body } = await get(did, 'application/did+ld+json');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: did, assertionMethod: [`${did}#${did.slice(8)}`] });
  });

  test('error: 404 notFound, 400 invalidDid, 501 methodNotSupported, each with its result', async () => {
    const unknown = createDidCoreV1();
    const notFound = await get(unknown, 'application/did+ld+json');
    expect(notFound).toEqual({
      status: 404,
      type: RESULT,
      body: {
        didResolutionMetadata: { error: 'notFound', message: `${unknown} is not registered` },
        didDocument: null,
        didDocumentMetadata: {},
      },
    });
    expect(await get('did:core:z123')).toMatchObject({
      status: 400,
      body: { didResolutionMetadata: { error: 'invalidDid' } },
    });
    expect(await get('not-a-did')).toMatchObject({
      status: 400,
      body: {
        didResolutionMetadata: { error: 'invalidDid', message: 'The identifier is not a DID' },
      },
    });
    expect(await get('did:web:example.org')).toMatchObject({
      status: 501,
      body: { didResolutionMetadata: { error: 'methodNotSupported' } },
    });
  });

  test('error: 406 representationNotSupported for an Accept it cannot answer', async () => {
    expect(await get(holder.did, 'text/html')).toMatchObject({
      status: 406,
      type: 'application/json',
      body: { didResolutionMetadata: { error: 'representationNotSupported' }, didDocument: null },
    });
  });

  test('error: 405 with Allow for another method', async () => {
    const response = await fetch(`${driver.url}/1.0/identifiers/${holder.did}`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });

  test('error: 503 internalError while the node does not answer', async () => {
    const offline = await startDriver(`http://127.0.0.1:${await freePort()}`);
    expect(await get(holder.did, undefined, offline.url)).toMatchObject({
      status: 503,
      body: { didResolutionMetadata: { error: 'internalError', retryable: true } },
    });
  });
});

describe('core-registry resolver-driver: usage', () => {
  test('error: a malformed --node or --port, or an argument, is bad usage (exit 2)', async () => {
    expect(await runCli(['resolver-driver', '--port', 'abc'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'core-registry: "--port" must be an integer from 0 to 65535\n',
    });
    expect(await runCli(['resolver-driver', '--node', 'localhost:8080'])).toMatchObject({
      code: 2,
      stderr: 'core-registry: "--node" must be an http(s) URL: write "http://localhost:8080"\n',
    });
    expect(await runCli(['resolver-driver', 'extra'])).toMatchObject({ code: 2 });
  });
});
