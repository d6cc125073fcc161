import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's SoftHSM2 library (package softhsm2, installed by `.ci/run`). */
export const SOFTHSM_MODULE = '/usr/lib/softhsm/libsofthsm2.so';
export const SOFTHSM_PIN = '246810';

/**
 * A SoftHSM2 token for a test, in a directory of this process (SoftHSM reads `SOFTHSM2_CONF` when
 * the library starts, and sees only the tokens that existed then): call it before the first key
 * is opened. Child processes inherit the configuration.
 * @returns the token's label and a PKCS#11 URI builder for its objects.
 */
export function createSoftHsmToken(label: string): {
  label: string;
  pinFile: string;
  uri(object: string, options?: { pin?: 'file' | 'none' }): string;
} {
  const dir = join(tmpdir(), `core-registry-softhsm-${process.pid}`);
  const conf = join(dir, 'softhsm2.conf');
  if (!existsSync(conf)) {
    mkdirSync(join(dir, 'tokens'), { recursive: true });
    writeFileSync(
      conf,
      `directories.tokendir = ${dir}/tokens\nobjectstore.backend = file\nlog.level = ERROR\n`,
    );
  }
  process.env.SOFTHSM2_CONF = conf;
  execFileSync(
    'softhsm2-util',
    ['--init-token', '--free', '--label', label, '--pin', SOFTHSM_PIN, '--so-pin', '13579'],
    { stdio: 'ignore' },
  );
  const pinFile = join(dir, `${label}.pin`);
  writeFileSync(pinFile, `${SOFTHSM_PIN}\n`, { mode: 0o600 });
  return {
    label,
    pinFile,
    uri(object, options = {}) {
      const pin = options.pin === 'none' ? '' : `&pin-source=file:${pinFile}`;
      return `pkcs11:token=${label};object=${object}?module-path=${SOFTHSM_MODULE}${pin}`;
    },
  };
}

/** Removes a token while keys of it are in use: what an HSM taken away looks like. */
export function deleteSoftHsmToken(label: string): void {
  execFileSync('softhsm2-util', ['--delete-token', '--token', label], { stdio: 'ignore' });
}
