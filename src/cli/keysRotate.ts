import { join } from 'node:path';
import { loadSigningKey } from '../auth/signingKeys.js';
import {
  readTokenKeys,
  rotateTokenKeys,
  TOKEN_KEYS_FILE,
  writeTokenKeys,
} from '../auth/tokenKeyRing.js';
import { createCryptoPool } from '../crypto/createCryptoPool.js';
import type { KeysContext } from './keysContext.js';

/** `keys rotate`: see its help in keys.ts. */
export async function rotateKeys(_args: string[], context: KeysContext): Promise<void> {
  const { config, output } = context;
  const path = join(config.dataDir, TOKEN_KEYS_FILE);
  const pool = createCryptoPool({ workers: 0 });
  try {
    const ring = await output.step(
      'read the current key',
      async () => readTokenKeys(path) ?? { current: config.tokenSigningKey, retired: [] },
    );
    const previous = await output.step('open the current key', () =>
      loadSigningKey(ring.current, pool, config.pkcs11),
    );
    const to = context.to ?? join(config.dataDir, `auth-signing-key-${Date.now()}.json`);
    const next = await output.step('open the new key', () =>
      loadSigningKey(to, pool, config.pkcs11),
    );
    const now = Math.floor(Date.now() / 1000);
    const rotated = rotateTokenKeys(ring, previous, to, {
      now,
      dropPrevious: context.dropPrevious,
    });
    await output.step(`write ${path}`, async () => writeTokenKeys(path, rotated));
    const until = rotated.retired.find((key) => key.kid === previous.kid)?.until;
    output.result(
      { current: next.kid, previous: previous.kid, previousUntil: until ?? null, ring: path },
      `current key ${next.kid}; previous key ${previous.kid} ${
        until ? `verifies until ${new Date(until * 1000).toISOString()}` : 'dropped'
      }`,
    );
  } finally {
    await pool.close();
  }
}
