import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createCryptoPool } from '../crypto/createCryptoPool.js';
import { issueAccessToken, verifyAccessToken } from './accessToken.js';
import {
  openTokenKeyRing,
  RETIRED_KEY_GRACE,
  readTokenKeys,
  rotateTokenKeys,
  TOKEN_KEYS_FILE,
  writeTokenKeys,
} from './tokenKeyRing.js';

const pool = createCryptoPool({ workers: 0 });
const pkcs11 = { modulePath: undefined, pin: undefined };

describe('openTokenKeyRing', () => {
  test('behavior: a rotation is picked up; the previous key verifies until its grace ends, then not', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-registry-ring-'));
    let now = 1_800_000_000;
    const ring = await openTokenKeyRing({
      setting: join(dataDir, 'first.json'),
      dataDir,
      pool,
      pkcs11,
      pollMs: 20,
      now: () => now,
    });
    const first = ring.current();
    const issue = () =>
      issueAccessToken(
        { sub: 'did:example:holder', scope: 'openid timestamp:write' },
        { key: ring.current(), issuer: 'iss', audience: 'aud', now },
      );
    const verify = (token: string) =>
      verifyAccessToken(token, { keys: ring.keys, issuer: 'iss', audience: 'aud', now });
    const before = await issue();
    const version = ring.version();

    const path = join(dataDir, TOKEN_KEYS_FILE);
    writeTokenKeys(
      path,
      rotateTokenKeys(
        { current: join(dataDir, 'first.json'), retired: [] },
        first,
        join(dataDir, 'second.json'),
        {
          now,
          dropPrevious: false,
        },
      ),
    );
    await expect.poll(() => ring.current().kid, { timeout: 5_000 }).not.toBe(first.kid);
    expect(ring.jwks().keys.map((key) => key.kid)).toEqual([ring.current().kid, first.kid]);
    expect(ring.version()).not.toBe(version);
    await expect(verify(before)).resolves.toMatchObject({ sub: 'did:example:holder' });
    await expect(verify(await issue())).resolves.toBeTruthy();

    now += RETIRED_KEY_GRACE; // the last token of the first key has expired
    expect(ring.jwks().keys.map((key) => key.kid)).toEqual([ring.current().kid]);
    await expect(
      verifyAccessToken(before, {
        keys: ring.keys,
        issuer: 'iss',
        audience: 'aud',
        now: now - 7200,
      }),
    ).rejects.toThrow('it is not signed by this node');
    ring.close();
  });

  test('default: a rotation that drops the previous key retires nothing; expired keys leave the file', () => {
    const key = { kid: 'a', publicJwk: { kid: 'a' } } as never;
    const ring = { current: 'a.json', retired: [{ kid: 'old', publicJwk: {} as never, until: 5 }] };
    expect(rotateTokenKeys(ring, key, 'b.json', { now: 10, dropPrevious: true })).toEqual({
      current: 'b.json',
      retired: [],
    });
    expect(
      rotateTokenKeys(ring, key, 'b.json', { now: 4, dropPrevious: false }).retired,
    ).toHaveLength(2);
  });

  test('error: a current key of the ring that cannot be opened is named as the ring’s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-registry-ring-'));
    const path = join(dataDir, TOKEN_KEYS_FILE);
    writeTokenKeys(path, { current: 'pkcs11:token=gone;object=k', retired: [] });
    await expect(
      openTokenKeyRing({ setting: join(dataDir, 'unused.json'), dataDir, pool, pkcs11 }),
    ).rejects.toThrow(`${path} ("current"): CORE_TOKEN_SIGNING_KEY: no PKCS#11 library`);
  });

  test('error: a ring file that is not one is named', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-registry-ring-'));
    const path = join(dataDir, TOKEN_KEYS_FILE);
    writeTokenKeys(path, { current: 42 } as never);
    expect(() => readTokenKeys(path)).toThrow(`The token key ring "${path}" must hold "current"`);
  });
});
