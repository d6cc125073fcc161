import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalAccount } from 'viem/accounts';
import { generatePkcs11Key } from '../src/crypto/pkcs11/openPkcs11Key.js';
import { toPkcs11Account } from '../src/crypto/pkcs11/pkcs11Signers.js';
import { parsePkcs11Uri } from '../src/crypto/pkcs11/pkcs11Uri.js';

const MODULE = '/usr/lib/softhsm/libsofthsm2.so';

/** What {@link createSoftHsmKeys} made, or why it made nothing. */
export type SoftHsmKeys =
  | { env: Record<string, string>; account: LocalAccount }
  | { skipped: string };

/**
 * Keys made inside a fresh SoftHSM2 token, for the bench's HSM rows: a P-256 token key (its
 * `CORE_TOKEN_SIGNING_KEY` URI and the `SOFTHSM2_CONF` a node needs to see it) and a secp256k1
 * account; `skipped` (with the reason) where SoftHSM2 or the PKCS#11 binding is missing.
 */
export async function createSoftHsmKeys(): Promise<SoftHsmKeys> {
  if (!existsSync(MODULE)) return { skipped: `no ${MODULE} (apt-get install softhsm2)` };
  const dir = mkdtempSync(join(tmpdir(), 'core-registry-bench-hsm-'));
  mkdirSync(join(dir, 'tokens'));
  const conf = join(dir, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${dir}/tokens\nobjectstore.backend = file\n`);
  process.env.SOFTHSM2_CONF = conf;
  const pin = '246810';
  execFileSync(
    'softhsm2-util',
    ['--init-token', '--free', '--label', 'bench', '--pin', pin, '--so-pin', '13579'],
    {
      stdio: 'ignore',
    },
  );
  const pinFile = join(dir, 'pin');
  writeFileSync(pinFile, pin, { mode: 0o600 });
  const uri = (object: string) =>
    `pkcs11:token=bench;object=${object}?module-path=${MODULE}&pin-source=file:${pinFile}`;
  const options = { setting: 'bench', modulePath: undefined, pin: undefined };
  try {
    await generatePkcs11Key(parsePkcs11Uri(uri('token-key')), 'P-256', options);
    const account = toPkcs11Account(
      await generatePkcs11Key(parsePkcs11Uri(uri('account')), 'secp256k1', options),
    );
    return { env: { SOFTHSM2_CONF: conf, CORE_TOKEN_SIGNING_KEY: uri('token-key') }, account };
  } catch (error) {
    return { skipped: (error as Error).message };
  }
}
