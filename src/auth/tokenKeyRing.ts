import { existsSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { CryptoPool } from '../crypto/createCryptoPool.js';
import type { Pkcs11Options } from '../crypto/pkcs11/openPkcs11Key.js';
import { EnvironmentError } from '../errors/environment.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { ACCESS_TOKEN_LIFETIME } from './accessToken.js';
import { loadSigningKey, type SigningKey } from './signingKeys.js';

/** The key ring file in the data dir, written by `core-registry keys rotate`. */
export const TOKEN_KEYS_FILE = 'token-keys.json';

/** A key that signs no more, published until every token it signed has expired. */
export type RetiredKey = { kid: string; publicJwk: SigningKey['publicJwk']; until: number };

/** `token-keys.json`: the key that signs (a file path or a `pkcs11:` URI) and the retired ones. */
export type TokenKeysFile = { current: string; retired: RetiredKey[] };

/**
 * The node's access-token keys: one signs, the retired ones still verify. The JWKS and the write
 * gate read it on every request, so a rotation reaches them without a restart.
 */
export type TokenKeyRing = {
  current(): SigningKey;
  /** What `/v1/auth/jwks` publishes: the current key and the retired keys not yet expired. */
  jwks(): JSONWebKeySet;
  /** Verification keys for the write gate: the same set. */
  keys: JWTVerifyGetKey;
  /** Changes whenever the set changes: what verified before may not verify now. */
  version(): number;
  close(): void;
};

/** How long a retired key stays published: a token's lifetime, and a minute of clock skew. */
export const RETIRED_KEY_GRACE = ACCESS_TOKEN_LIFETIME + 60;

export type OpenTokenKeyRingOptions = {
  /** `CORE_TOKEN_SIGNING_KEY`: the key until a rotation names another in `token-keys.json`. */
  setting: string;
  dataDir: string;
  pool: CryptoPool;
  pkcs11: Omit<Pkcs11Options, 'setting'>;
  /** How often the ring file is looked at, ms (default 1,000). */
  pollMs?: number;
  /** Where a rotation that cannot be taken is reported; the ring keeps its keys. */
  onReloadError?: (error: unknown) => void;
  now?: () => number;
};

/**
 * Opens the key ring: `token-keys.json` when a rotation wrote it, else the setting's key alone.
 * Watches the file: a new current key is opened (a failure keeps the old one and is reported).
 * - Design: DESIGN.md §6; docs/operators.md ("Keys")
 * @throws {EnvironmentError} when the ring file is malformed or its current key cannot be opened.
 */
export async function openTokenKeyRing(options: OpenTokenKeyRingOptions): Promise<TokenKeyRing> {
  const { dataDir, pool, pkcs11 } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const path = join(dataDir, TOKEN_KEYS_FILE);
  const recorded = readTokenKeys(path);
  let file = recorded ?? { current: options.setting, retired: [] };
  let current = await loadSigningKey(file.current, pool, pkcs11).catch((error: unknown) => {
    // The key came from the ring, not from the setting the message names: say so.
    if (!recorded || !(error instanceof EnvironmentError)) throw error;
    throw new EnvironmentError(`${path} ("current"): ${error.message}`, { cause: error });
  });
  let version = 0;
  let published: { ids: string; jwks: JSONWebKeySet; keys: JWTVerifyGetKey } | undefined;

  const jwks = (): JSONWebKeySet => {
    const keys = [
      current.publicJwk,
      ...file.retired
        .filter((key) => key.until > now() && key.kid !== current.kid)
        .map((key) => key.publicJwk),
    ];
    const ids = keys.map((key) => key.kid).join(' ');
    if (published?.ids !== ids) {
      const set = { keys };
      published = { ids, jwks: set, keys: createLocalJWKSet(set) };
      version++;
    }
    return published.jwks;
  };

  let reloading = Promise.resolve();
  const reload = () => {
    reloading = reloading.then(async () => {
      try {
        const next = readTokenKeys(path);
        if (!next) return;
        const key =
          next.current === file.current
            ? current
            : await loadSigningKey(next.current, pool, pkcs11);
        file = next;
        current = key;
        jwks();
      } catch (error) {
        options.onReloadError?.(error);
      }
    });
  };
  watchFile(path, { interval: options.pollMs ?? 1_000, persistent: false }, reload);

  return {
    current: () => current,
    jwks,
    keys: (header, token) => {
      jwks();
      return (published as NonNullable<typeof published>).keys(header, token);
    },
    version: () => {
      jwks();
      return version;
    },
    close: () => unwatchFile(path, reload),
  };
}

/**
 * Reads `token-keys.json`; `undefined` when there is none.
 * @throws {EnvironmentError} when it is not a key ring.
 */
export function readTokenKeys(path: string): TokenKeysFile | undefined {
  if (!existsSync(path)) return undefined;
  let value: Partial<TokenKeysFile>;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as Partial<TokenKeysFile>;
  } catch (cause) {
    throw new EnvironmentError(`The token key ring "${path}" cannot be read as JSON`, { cause });
  }
  const retiredOk =
    Array.isArray(value.retired) &&
    value.retired.every(
      (key) =>
        typeof key?.kid === 'string' &&
        typeof key.until === 'number' &&
        key.publicJwk?.kty === 'EC' &&
        key.publicJwk.crv === 'P-256' &&
        key.publicJwk.kid === key.kid,
    );
  if (typeof value.current !== 'string' || !retiredOk) {
    throw new EnvironmentError(
      `The token key ring "${path}" must hold "current" (a key file or a pkcs11: URI) and "retired" (public keys with "until")`,
    );
  }
  return { current: value.current, retired: value.retired as RetiredKey[] };
}

/**
 * Makes `next` the current token key: the previous one is retired, published for
 * `RETIRED_KEY_GRACE` so that the tokens it signed keep working until they expire (or dropped at
 * once, for a key that leaked); keys retired long enough ago are dropped from the ring.
 */
export function rotateTokenKeys(
  ring: TokenKeysFile,
  previous: SigningKey,
  next: string,
  options: { now: number; dropPrevious: boolean },
): TokenKeysFile {
  const { now, dropPrevious } = options;
  const kept = ring.retired.filter((key) => key.until > now && key.kid !== previous.kid);
  return {
    current: next,
    retired: dropPrevious
      ? kept
      : [
          ...kept,
          { kid: previous.kid, publicJwk: previous.publicJwk, until: now + RETIRED_KEY_GRACE },
        ],
  };
}

/** Writes the key ring (mode 0600: it names where the keys are). */
export function writeTokenKeys(path: string, ring: TokenKeysFile): void {
  writeFileAtomic(path, `${JSON.stringify(ring, null, 2)}\n`, { mode: 0o600 });
}
