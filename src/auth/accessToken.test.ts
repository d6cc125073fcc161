import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCryptoPool } from '../crypto/createCryptoPool.js';
import { issueAccessToken, verifyAccessToken } from './accessToken.js';
import { loadOrCreateSigningKey, type SigningKey } from './signingKeys.js';

let dir: string;
let key: SigningKey;
const issuer = 'https://node.example/v1/auth';
const audience = 'https://node.example/v1';
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'access-token-'));
  key = await loadOrCreateSigningKey(join(dir, 'key.json'), createCryptoPool({ workers: 0 }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('issueAccessToken', () => {
  test('default: an RFC 9068 ES256 token that jose verifies with the published key', async () => {
    const token = await issueAccessToken(
      { sub: 'did:core:zHolder', scope: 'openid timestamp:write', jkt: 'thumbprint' },
      { key, issuer, audience, now },
    );
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: key.kid });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: issuer, aud: audience, iat: now, exp: now + 7200 });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    const verified = await verifyAccessToken(token, {
      keys: createLocalJWKSet({ keys: [key.publicJwk] }),
      issuer,
      audience,
      now,
    });
    expect(verified).toMatchObject({ sub: 'did:core:zHolder', jkt: 'thumbprint', exp: now + 7200 });
    expect(verified.scope.scope).toBe('openid timestamp:write');
  });

  test('security: a token whose claims were changed after signing is refused', async () => {
    const token = await issueAccessToken(
      { sub: 'did:core:zHolder', scope: 'openid timestamp:write' },
      { key, issuer, audience, now },
    );
    const [header, , signature] = token.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), scope: 'openid ledger:invoke' }),
    ).toString('base64url');
    await expect(
      verifyAccessToken(`${header}.${widened}.${signature}`, {
        keys: createLocalJWKSet({ keys: [key.publicJwk] }),
        issuer,
        audience,
        now,
      }),
    ).rejects.toThrow('Invalid access token');
  });
});
