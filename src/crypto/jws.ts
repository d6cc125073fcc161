import type { KeyObject } from 'node:crypto';
import { type PublicEcJwk, toPublicKeyBytes } from '../identity/jwk.js';
import type { CompactJwt } from '../identity/parseCompactJwt.js';
import type { JwsSigningKey } from '../identity/signCompactJws.js';
import type { JwsAlgorithm } from '../identity/verifyJwsSignature.js';
import type { CryptoPool } from './createCryptoPool.js';

/** Verifies a parsed compact JWS with a public key: false for anything that does not verify. */
export type JwsVerifier = (
  jwt: Pick<CompactJwt, 'signingInput' | 'signature'>,
  alg: JwsAlgorithm,
  jwk: PublicEcJwk,
) => Promise<boolean>;

/** An access-token signer: ES256. */
export type JwsSigner = JwsSigningKey & { alg: 'ES256' };

const CURVES: Record<JwsAlgorithm, PublicEcJwk['crv']> = { ES256: 'P-256', ES256K: 'secp256k1' };

/**
 * `verifyJwsSignature`'s check (identity/), run on the pool's threads: a key of the algorithm's
 * curve, then ES256 or ES256K (high-S accepted) over the signing input.
 */
export function createJwsVerifier(pool: CryptoPool): JwsVerifier {
  return async (jwt, alg, jwk) => {
    if (jwk.crv !== CURVES[alg]) return false;
    const input = Buffer.from(jwt.signingInput);
    if (alg === 'ES256') {
      const { kty, crv, x, y } = jwk;
      return pool.run({
        op: 'verifyEs256',
        input,
        signature: jwt.signature,
        jwk: { kty, crv, x, y },
      });
    }
    let publicKey: Uint8Array;
    try {
      publicKey = toPublicKeyBytes(jwk);
    } catch {
      return false;
    }
    return pool.run({ op: 'verifyEs256k', input, signature: jwt.signature, publicKey });
  };
}

/** An ES256 signer whose private key lives on the pool's threads under `id`. */
export function createPoolSigner(pool: CryptoPool, id: string, privateKey: KeyObject): JwsSigner {
  pool.registerKey(id, privateKey);
  return { alg: 'ES256', sign: (input) => pool.run({ op: 'signEs256', key: id, input }) };
}
