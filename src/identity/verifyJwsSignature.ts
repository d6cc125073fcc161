import { createHash } from 'node:crypto';
import { compactVerify, importJWK } from 'jose';
import secp256k1 from 'secp256k1';
import { hexToBytes } from 'viem';
import { type PublicEcJwk, toPublicKeyHex } from './jwk.js';
import type { CompactJwt } from './parseCompactJwt.js';

/** JOSE algorithms of the keys we use: what the node and the SDK verify (SPEC.md §5.4.3). */
export const JWS_ALGORITHMS = ['ES256', 'ES256K'] as const;

/** A JOSE algorithm we verify. */
export type JwsAlgorithm = (typeof JWS_ALGORITHMS)[number];

const CURVES: Record<JwsAlgorithm, PublicEcJwk['crv']> = { ES256: 'P-256', ES256K: 'secp256k1' };

/**
 * Verifies the signature of a parsed compact JWS with a public key. ES256 goes through jose;
 * ES256K through libsecp256k1 (jose 6 has no secp256k1), accepting high-S signatures, which
 * RFC 8812 allows and OpenSSL-based wallets produce about half the time (DESIGN.md §6). Shared
 * by the node's token endpoint and the SDK's credential verifier.
 * @returns false for a wrong signature, a key of another curve, or a malformed signature.
 */
export async function verifyJwsSignature(
  jwt: Pick<CompactJwt, 'signingInput' | 'signature'>,
  token: string,
  alg: JwsAlgorithm,
  jwk: PublicEcJwk,
): Promise<boolean> {
  if (jwk.crv !== CURVES[alg]) return false;
  if (alg === 'ES256') {
    try {
      await compactVerify(token, await importJWK(jwk, 'ES256'), { algorithms: ['ES256'] });
      return true;
    } catch {
      return false;
    }
  }
  if (jwt.signature.length !== 64) return false;
  const digest = createHash('sha256').update(jwt.signingInput).digest();
  try {
    const signature = secp256k1.signatureNormalize(Uint8Array.from(jwt.signature));
    return secp256k1.ecdsaVerify(signature, digest, hexToBytes(toPublicKeyHex(jwk)));
  } catch {
    return false;
  }
}
