import { createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { bytesToHex } from 'viem';
import type { CryptoPool } from '../crypto/createCryptoPool.js';
import { createPoolSigner, type JwsSigner } from '../crypto/jws.js';
import { openPkcs11Key, type Pkcs11Options } from '../crypto/pkcs11/openPkcs11Key.js';
import { toPkcs11JwsSigner } from '../crypto/pkcs11/pkcs11Signers.js';
import { isPkcs11Uri, type Pkcs11Uri, parsePkcs11Uri } from '../crypto/pkcs11/pkcs11Uri.js';
import { EnvironmentError } from '../errors/environment.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { jwkThumbprint, toPublicJwk } from '../identity/jwk.js';

/** The node's access-token signing key: ES256, `kid` = its RFC 7638 thumbprint. */
export type SigningKey = {
  kid: string;
  /** Signs with the private key, which lives on the node's crypto threads. */
  signer: JwsSigner;
  /** The public JWK as published at `/v1/auth/jwks`. */
  publicJwk: JWK & { kid: string; alg: 'ES256'; use: 'sig' };
};

/**
 * The token signing key a setting names: an RFC 7512 `pkcs11:` URI of a P-256 key in an HSM,
 * whose signatures are made inside it, or a key file (`loadOrCreateSigningKey`).
 * - Design: DESIGN.md §6, §8
 * @throws {EnvironmentError} naming `CORE_TOKEN_SIGNING_KEY` when the key cannot be used.
 */
export async function loadSigningKey(
  setting: string,
  pool: CryptoPool,
  pkcs11: Omit<Pkcs11Options, 'setting'>,
): Promise<SigningKey> {
  if (!isPkcs11Uri(setting)) return loadOrCreateSigningKey(setting, pool);
  let uri: Pkcs11Uri;
  try {
    uri = parsePkcs11Uri(setting);
  } catch (cause) {
    throw new EnvironmentError(`CORE_TOKEN_SIGNING_KEY: ${(cause as Error).message}`, { cause });
  }
  const key = await openPkcs11Key(uri, { setting: 'CORE_TOKEN_SIGNING_KEY', ...pkcs11 });
  if (key.curve !== 'P-256') {
    throw new EnvironmentError(
      `CORE_TOKEN_SIGNING_KEY: access tokens are ES256: the key must be P-256, not ${key.curve} (${uri.text})`,
    );
  }
  const { kty, crv, x, y } = toPublicJwk(bytesToHex(key.publicKey), 'P-256');
  const kid = await jwkThumbprint({ kty, crv, x, y });
  return {
    kid,
    signer: toPkcs11JwsSigner(key),
    publicJwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' },
  };
}

/**
 * Loads the token signing key from the data dir, creating it (mode 0600) on first use.
 * - Design: DESIGN.md §6, §8
 * @throws {EnvironmentError} when the file is not a P-256 private JWK.
 */
export async function loadOrCreateSigningKey(path: string, pool: CryptoPool): Promise<SigningKey> {
  let privateJwk: JWK;
  if (existsSync(path)) {
    try {
      privateJwk = JSON.parse(readFileSync(path, 'utf8')) as JWK;
    } catch (cause) {
      throw new EnvironmentError(`The token signing key "${path}" cannot be read as JSON`, {
        cause,
      });
    }
    if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256' || typeof privateJwk.d !== 'string') {
      throw new EnvironmentError(`The token signing key "${path}" is not a P-256 private JWK`);
    }
  } else {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const { kty, crv, x, y, d } = (await exportJWK(privateKey)) as Required<
      Pick<JWK, 'kty' | 'crv' | 'x' | 'y' | 'd'>
    >;
    privateJwk = { kty, crv, x, y, d };
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, `${JSON.stringify(privateJwk, null, 2)}\n`, { mode: 0o600 });
  }
  const { kty, crv, x, y } = privateJwk as Required<Pick<JWK, 'kty' | 'crv' | 'x' | 'y'>>;
  const kid = await jwkThumbprint({ kty: 'EC', crv: 'P-256', x, y });
  return {
    kid,
    signer: createPoolSigner(
      pool,
      kid,
      createPrivateKey({ key: { ...privateJwk }, format: 'jwk' }),
    ),
    publicJwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' },
  };
}
