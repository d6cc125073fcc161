import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Hex, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createPresentation, createSelfAttestation } from '../../src/client/credentials.js';
import {
  createCoreClient,
  type Receipt,
  requestToken,
  writeContract,
} from '../../src/client/index.js';
import { operatorWriter, type Writer, writeAndWait } from '../journeys/support567.js';
import { operatorOf } from '../support/operator.js';
import { startRedisServer, type TestRedisServer } from '../support/redisServer.js';
import { createDataDir, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * A network of API nodes on one ledger and one environment (issue 17's "done when"):
 * - A and B serve one public URL (A's) and share a Redis replay store; B trusts A's tokens;
 * - C serves its own URL and trusts no other node; D serves its own URL and trusts A.
 */
let redis: TestRedisServer;
let a: TestNode;
let b: TestNode;
let c: TestNode;
let d: TestNode;
const dataDirs: string[] = [];
let operator: Writer;
let tokenOfA: string;

/** A data dir holding A's operator and environment: a node of the same network. */
function sameEnvironment(): string {
  const dataDir = createDataDir();
  for (const file of ['operator.json', 'environment.json']) {
    copyFileSync(join(a.dataDir, file), join(dataDir, file));
  }
  dataDirs.push(dataDir);
  return dataDir;
}

beforeAll(async () => {
  redis = await startRedisServer();
  a = await startTestNode({ env: { CORE_REPLAY_STORE: redis.url } });
  [b, c, d] = await Promise.all([
    startTestNode({
      dataDir: sameEnvironment(),
      env: { CORE_PUBLIC_URL: a.url, CORE_REPLAY_STORE: redis.url, CORE_TRUSTED_PEERS: a.url },
    }),
    startTestNode({ dataDir: sameEnvironment() }),
    startTestNode({ dataDir: sameEnvironment(), env: { CORE_TRUSTED_PEERS: a.url } }),
  ]);
  operator = operatorWriter(await operatorOf(a));
  ({ accessToken: tokenOfA } = await requestToken({
    baseUrl: a.url,
    scope: 'openid timestamp:write',
    holder: operator,
  }));
});
afterAll(async () => {
  redis?.resume();
  await Promise.all([a, b, c, d].map((node) => node?.close()));
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  await redis?.stop();
});

/** A new hash algorithm (a fresh id) inserted through `node` with A's token. */
function insertAlgorithm(node: TestNode): Promise<Receipt> {
  return writeAndWait(createCoreClient({ baseUrl: node.url }), insertCall());
}

let nextAlgorithm = 1000 + Math.floor(Math.random() * 1_000_000);
function insertCall() {
  const id = BigInt(nextAlgorithm++);
  return {
    registry: 'timestamp',
    functionName: 'insertHashAlgorithm',
    args: [id, `sha-256-${id}`, '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'],
    account: operator.account,
    accessToken: tokenOfA,
  } as const;
}

async function get(node: TestNode, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${node.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const totalOf = (text: string) => (JSON.parse(text) as { total: number }).total;
const ALGORITHMS = '/v1/timestamp/hash-algorithms?page[size]=50';

describe('several API nodes on one ledger', () => {
  test('default: a write through A is read at B from the block of its receipt (Min-Block), as A reads it', async () => {
    const before = totalOf((await get(a, ALGORITHMS)).text);
    const receipt = await insertAlgorithm(a);
    const minBlock = { 'min-block': String(BigInt(receipt.blockNumber)) };
    const atA = await get(a, ALGORITHMS, minBlock);
    const atB = await get(b, ALGORITHMS, minBlock);
    expect(atA.status, atA.text).toBe(200);
    expect(atB).toMatchObject({ status: 200, text: atA.text });
    expect(totalOf(atB.text)).toBe(before + 1);
    // Hex names the same block.
    const hex = await get(b, ALGORITHMS, { 'min-block': toHex(BigInt(receipt.blockNumber)) });
    expect(hex).toMatchObject({ status: 200, text: atA.text });
  });

  test('behavior: a read whose Min-Block is ahead of the head waits for the block that reaches it', async () => {
    const before = totalOf((await get(b, ALGORITHMS)).text);
    const head = BigInt(await createCoreClient({ baseUrl: b.url }).rpc<Hex>('eth_blockNumber', []));
    const pending = get(b, ALGORITHMS, { 'min-block': String(head + 1n) });
    const receipt = await insertAlgorithm(a);
    const answer = await pending;
    expect(answer.status).toBe(200);
    // Other files' writes share the worker's ledger: the next block may be one of theirs.
    const ours = BigInt(receipt.blockNumber) === head + 1n;
    expect(totalOf(answer.text)).toBeGreaterThanOrEqual(ours ? before + 1 : before);
  });

  test('error: a Min-Block the ledger does not reach in 2 s is 503 with Retry-After; a malformed one is 400', async () => {
    const far = await get(b, ALGORITHMS, { 'min-block': '999999999' });
    expect(far.status).toBe(503);
    expect(far.headers.get('retry-after')).toBe('1');
    expect(far.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(far.text)).toMatchObject({
      status: 503,
      detail: expect.stringMatching(
        /^The ledger has not reached block 999999999 yet \(its head is block \d+\)$/,
      ),
    });
    for (const malformed of ['abc', '-1', '1.5', '0x', '01', '99999999999999999999']) {
      const answer = await get(b, ALGORITHMS, { 'min-block': malformed });
      expect(answer.status, malformed).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({
        type: expect.stringContaining('validation-error'),
      });
    }
  });

  test('default: a token of A is accepted at B and D, which trust A, and refused at C, which does not', async () => {
    // B shares A's public URL (one issuer, two keys); D has its own (A's issuer and audience).
    expect((await insertAlgorithm(b)).status).toBe('0x1');
    expect((await insertAlgorithm(d)).status).toBe('0x1');
    await expect(
      writeContract(createCoreClient({ baseUrl: c.url }), insertCall()),
    ).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('Invalid access token'),
    });
  });

  test('default: a presentation redeemed at A is refused at B', async () => {
    const body = tokenRequest();
    expect((await postToken(a, body)).status).toBe(200);
    expect(await postToken(b, body)).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The presentation "nonce" has already been used',
      },
    });
  });

  test('error: the shared store down, token requests at A and B fail closed with server_error', async () => {
    redis.pause();
    try {
      for (const node of [a, b]) {
        expect(await postToken(node, tokenRequest())).toEqual({
          status: 400,
          body: {
            error: 'server_error',
            error_description:
              'Single use of the presentation cannot be checked: the replay store is unavailable',
          },
        });
      }
    } finally {
      redis.resume();
    }
    await vi.waitFor(async () => expect((await postToken(b, tokenRequest())).status).toBe(200), {
      timeout: 10_000,
      interval: 200,
    });
  });
});

/** A token request with a fresh presentation for the public URL that A and B share. */
function tokenRequest(): string {
  const vp = createPresentation({
    holder: operator,
    credentials: [createSelfAttestation(operator)],
    audience: `${a.url}/v1/auth`,
  });
  return JSON.stringify({
    grant_type: 'vp_token',
    scope: 'openid timestamp:write',
    vp_token: { self_attestation: [vp] },
  });
}

async function postToken(node: TestNode, body: string) {
  const response = await fetch(`${node.url}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
