import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCryptoPool } from '../crypto/createCryptoPool.js';
import { issueAccessToken } from './accessToken.js';
import { createTokenTrust } from './createTokenTrust.js';
import { loadOrCreateSigningKey, type SigningKey } from './signingKeys.js';

/** A peer node's authorisation server as this node sees it: metadata and JWKS over real HTTP. */
let peer: Server;
let peerUrl: string;
let peerKey: SigningKey;
let peerAnswers = true;
const ownUrl = 'http://own.test';

async function newKey(): Promise<SigningKey> {
  return loadOrCreateSigningKey(
    join(tmpdir(), `core-registry-key-${process.pid}-${Math.random()}`),
    createCryptoPool({ workers: 0 }),
  );
}

beforeAll(async () => {
  peerKey = await newKey();
  peer = createServer((request, response) => {
    if (!peerAnswers) return void response.writeHead(503).end();
    const body =
      request.url === '/v1/auth/jwks'
        ? { keys: [peerKey.publicJwk] }
        : request.url === '/v1/auth/.well-known/openid-configuration'
          ? { issuer: `${peerUrl}/v1/auth` }
          : undefined;
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((listening) => peer.listen(0, '127.0.0.1', listening));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((closed) => peer.close(closed)));

const now = () => Math.floor(Date.now() / 1000);
const claims = { sub: 'did:core:zYcVfxkQb6JRzqk5kF2tNLw', scope: 'openid timestamp:write' };

function tokenOf(key: SigningKey, url: string): Promise<string> {
  return issueAccessToken(claims, {
    key,
    issuer: `${url}/v1/auth`,
    audience: `${url}/v1`,
    now: now(),
  });
}

describe('createTokenTrust', () => {
  test('default: own tokens, and a trusted peer’s (its issuer and audience, its keys)', async () => {
    const ownKey = await newKey();
    const own = {
      issuer: `${ownUrl}/v1/auth`,
      audience: `${ownUrl}/v1`,
      jwks: { keys: [ownKey.publicJwk] },
    };
    const trusting = createTokenTrust({ own, peers: [peerUrl] });
    await expect(trusting(await tokenOf(ownKey, ownUrl))).resolves.toMatchObject({
      sub: claims.sub,
    });
    await expect(trusting(await tokenOf(peerKey, peerUrl))).resolves.toMatchObject({
      sub: claims.sub,
    });
    // Without the peer, the same token is foreign.
    await expect(
      createTokenTrust({ own, peers: [] })(await tokenOf(peerKey, peerUrl)),
    ).rejects.toMatchObject({
      code: 'CORE_ERR_ACCESS_TOKEN',
      message: 'Invalid access token: it is not signed by this node',
    });
    // A token that claims the peer's issuer with another key is not the peer's.
    await expect(trusting(await tokenOf(await newKey(), peerUrl))).rejects.toMatchObject({
      message: 'Invalid access token: it is not signed by this node',
    });
  });

  test('behavior: nodes of one public URL share an issuer; each token is verified by its own node’s keys', async () => {
    const ownKey = await newKey();
    // This node serves the peer's public URL (its issuer) with a key of its own.
    const own = {
      issuer: `${peerUrl}/v1/auth`,
      audience: `${peerUrl}/v1`,
      jwks: { keys: [ownKey.publicJwk] },
    };
    const trust = createTokenTrust({ own, peers: [peerUrl] });
    await expect(trust(await tokenOf(ownKey, peerUrl))).resolves.toBeDefined();
    await expect(trust(await tokenOf(peerKey, peerUrl))).resolves.toBeDefined();
  });

  test('behavior: a peer that rotates its key: the new key is fetched when a token names it', async () => {
    const own = { issuer: `${ownUrl}/v1/auth`, audience: `${ownUrl}/v1`, jwks: { keys: [] } };
    const trust = createTokenTrust({ own, peers: [peerUrl], keysCooldownMs: 0 });
    await expect(trust(await tokenOf(peerKey, peerUrl))).resolves.toBeDefined();
    const former = peerKey;
    peerKey = await newKey();
    await expect(trust(await tokenOf(peerKey, peerUrl))).resolves.toBeDefined();
    // The retired key's set is gone: its tokens are refused once the set was fetched again.
    await expect(trust(await tokenOf(former, peerUrl))).rejects.toMatchObject({
      message: 'Invalid access token: it is not signed by this node',
    });
  });

  test('behavior: the first token of a peer’s new key, within the cooldown, waits it out and is accepted', async () => {
    const own = { issuer: `${ownUrl}/v1/auth`, audience: `${ownUrl}/v1`, jwks: { keys: [] } };
    const trust = createTokenTrust({ own, peers: [peerUrl], keysCooldownMs: 300 });
    await expect(trust(await tokenOf(peerKey, peerUrl))).resolves.toBeDefined();
    peerKey = await newKey();
    // Refused before: the set could not be fetched again within the cooldown.
    await expect(trust(await tokenOf(peerKey, peerUrl))).resolves.toBeDefined();
  });

  test('error: a peer that does not answer: its tokens are refused (fail closed), then accepted again', async () => {
    const own = { issuer: `${ownUrl}/v1/auth`, audience: `${ownUrl}/v1`, jwks: { keys: [] } };
    const trust = createTokenTrust({ own, peers: [peerUrl], keysCooldownMs: 0, timeoutMs: 1_000 });
    const token = await tokenOf(peerKey, peerUrl);
    peerAnswers = false;
    try {
      await expect(trust(token)).rejects.toMatchObject({ code: 'CORE_ERR_ACCESS_TOKEN' });
    } finally {
      peerAnswers = true;
    }
    await expect(trust(token)).resolves.toBeDefined();
  });

  test('error: a token without an issuer, or not a JWT, is refused', async () => {
    const own = { issuer: `${ownUrl}/v1/auth`, audience: `${ownUrl}/v1`, jwks: { keys: [] } };
    const trust = createTokenTrust({ own, peers: [peerUrl] });
    await expect(trust('not-a-jwt')).rejects.toMatchObject({
      message: 'Invalid access token: it is not a valid JWT',
    });
    const withoutIssuer = await issueAccessToken(claims, {
      key: peerKey,
      issuer: '',
      audience: `${peerUrl}/v1`,
      now: now(),
    });
    await expect(trust(withoutIssuer)).rejects.toMatchObject({ code: 'CORE_ERR_ACCESS_TOKEN' });
  });
});
