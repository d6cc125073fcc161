import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createPresentation, createSelfAttestation } from '../../src/client/credentials.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { startRedisServer, type TestRedisServer } from '../support/redisServer.js';
import { createDataDir, freePort, startTestNode, type TestNode } from '../support/testNode.js';

/** Two nodes of one environment behind one public URL (A's), sharing one Redis replay store. */
let redis: TestRedisServer;
let nodeA: TestNode;
let nodeB: TestNode;
let dataDirB: string;
let holder: TestHolder;
let audience: string;

beforeAll(async () => {
  redis = await startRedisServer();
  nodeA = await startTestNode({ env: { CORE_REPLAY_STORE: redis.url } });
  dataDirB = createDataDir();
  for (const file of ['operator.json', 'environment.json']) {
    copyFileSync(join(nodeA.dataDir, file), join(dataDirB, file));
  }
  nodeB = await startTestNode({
    dataDir: dataDirB,
    // The Valkey scheme names the same server.
    env: { CORE_REPLAY_STORE: redis.url.replace('redis:', 'valkey:'), CORE_PUBLIC_URL: nodeA.url },
  });
  holder = await createHolder();
  const op = await operatorOf(nodeA);
  await registerHolder(op.chain, nodeA.environment.registries['did-registry'], holder);
  audience = `${nodeA.url}/v1/auth`;
});
afterAll(async () => {
  redis?.resume();
  await Promise.all([nodeA?.close(), nodeB?.close()]);
  rmSync(dataDirB, { recursive: true, force: true });
  await redis?.stop();
});

/** A timestamp:write token request with a fresh presentation, or the one given. */
function tokenRequest(presentation?: string) {
  const vp =
    presentation ??
    createPresentation({ holder, credentials: [createSelfAttestation(holder)], audience });
  return {
    grant_type: 'vp_token',
    scope: 'openid timestamp:write',
    vp_token: { self_attestation: [vp] },
  };
}

/** POSTs a token request; a node that does not answer within 10 s fails the test. */
async function postToken(node: TestNode, body: ReturnType<typeof tokenRequest>) {
  const response = await fetch(`${node.url}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const UNAVAILABLE = {
  status: 400,
  body: {
    error: 'server_error',
    error_description:
      'Single use of the presentation cannot be checked: the replay store is unavailable',
  },
};

/** Until a fresh presentation gets a token at `node` (bounded: 10 s, every 100 ms). */
async function waitForTokens(node: TestNode): Promise<void> {
  await vi.waitFor(async () => expect((await postToken(node, tokenRequest())).status).toBe(200), {
    timeout: 10_000,
    interval: 100,
  });
}

describe('POST /v1/auth/token with a shared replay store', () => {
  test('default: a presentation redeemed at node A is refused at node B, and the other way', async () => {
    const first = tokenRequest();
    expect(await postToken(nodeA, first)).toMatchObject({
      status: 200,
      body: { token_type: 'Bearer', scope: 'openid timestamp:write' },
    });
    expect(await postToken(nodeB, first)).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The presentation "nonce" has already been used',
      },
    });
    const second = tokenRequest();
    expect((await postToken(nodeB, second)).status).toBe(200);
    expect((await postToken(nodeA, second)).body.error).toBe('invalid_grant');
  });

  test('error: a hung store (SIGSTOP) fails closed with server_error, then tokens come back', async () => {
    redis.pause();
    try {
      const requests = [nodeA, nodeB, nodeA].map((node) => postToken(node, tokenRequest()));
      for (const result of await Promise.all(requests)) expect(result).toEqual(UNAVAILABLE);
    } finally {
      redis.resume();
    }
    await waitForTokens(nodeA);
    await waitForTokens(nodeB);
  });

  test('error: a killed store fails closed with server_error, then its restart serves again', async () => {
    await redis.kill();
    const presentation = tokenRequest();
    expect(await postToken(nodeA, presentation)).toEqual(UNAVAILABLE);
    expect(await postToken(nodeB, presentation)).toEqual(UNAVAILABLE);
    await redis.restart();
    await waitForTokens(nodeA);
    await waitForTokens(nodeB);
  });

  test('error: a node does not start without its store, and says why in one line', async () => {
    const port = await freePort();
    await expect(
      startTestNode({ env: { CORE_REPLAY_STORE: `redis://:secret@127.0.0.1:${port}` } }),
    ).rejects.toMatchObject({
      code: 'CORE_ERR_CONFIG_INVALID',
      setting: 'CORE_REPLAY_STORE',
      message: `Cannot reach the replay store at redis://127.0.0.1:${port} (ECONNREFUSED): is it running, and is "--replay-store" (CORE_REPLAY_STORE) right?`,
    });
  });
});
