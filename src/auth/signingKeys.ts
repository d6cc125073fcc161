import { createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { CryptoPool } from '../crypto/createCryptoPool.js';
import { createPoolSigner, type JwsSigner } from '../crypto/jws.js';
import { EnvironmentError } from '../errors/environment.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { jwkThumbprint } from '../identity/jwk.js';

/** The node's access-token signing key: ES256, `kid` = its RFC 7638 thumbprint. */
export type SigningKey = {
  kid: string;
  /** Signs with the private key, which lives on the node's crypto threads. */
  signer: JwsSigner;
  /** The public JWK as published at `/v1/auth/jwks`. */
  publicJwk: JWK & { kid: string; alg: 'ES256'; use: 'sig' };
};

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
