import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePkcs11Key } from '../src/crypto/pkcs11/openPkcs11Key.js';
import { parsePkcs11Uri } from '../src/crypto/pkcs11/pkcs11Uri.js';

const MODULE = '/usr/lib/softhsm/libsofthsm2.so';

/**
 * A P-256 token key made inside a fresh SoftHSM2 token, for the bench's HSM row: its
 * `CORE_TOKEN_SIGNING_KEY` URI and the `SOFTHSM2_CONF` a node needs to see it; `undefined`
 * (with the reason) where SoftHSM2 or the PKCS#11 binding is missing.
 */
export async function createSoftHsmTokenKey(): Promise<
  { env: Record<string, string> } | { skipped: string }
> {
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
  const uri = `pkcs11:token=bench;object=token-key?module-path=${MODULE}&pin-source=file:${pinFile}`;
  try {
    await generatePkcs11Key(parsePkcs11Uri(uri), 'P-256', {
      setting: 'bench',
      modulePath: undefined,
      pin: undefined,
    });
  } catch (error) {
    return { skipped: (error as Error).message };
  }
  return { env: { SOFTHSM2_CONF: conf, CORE_TOKEN_SIGNING_KEY: uri } };
}
