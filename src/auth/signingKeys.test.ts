import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createCryptoPool } from '../crypto/createCryptoPool.js';
import { jwkThumbprint } from '../identity/jwk.js';
import { loadOrCreateSigningKey } from './signingKeys.js';

describe('loadOrCreateSigningKey', () => {
  test('default: created once (mode 0600), the same key afterwards', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'core-registry-key-')), 'auth-signing-key.json');
    const first = await loadOrCreateSigningKey(path, createCryptoPool({ workers: 0 }));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateSigningKey(path, createCryptoPool({ workers: 0 }));
    expect(again.kid).toBe(first.kid);
    expect(first.kid).toBe(await jwkThumbprint(first.publicJwk as never));
    expect(first.publicJwk).not.toHaveProperty('d');
  });
});
