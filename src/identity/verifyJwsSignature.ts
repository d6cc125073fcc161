import { createHash } from 'node:crypto';
import { compactVerify, importJWK } from 'jose';
import secp256k1 from 'secp256k1';
import { type PublicEcJwk, toPublicKeyBytes } from './jwk.js';
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
  return verifyEs256kSignature(Buffer.from(jwt.signingInput), jwt.signature, toPublicKeyBytes(jwk));
}

/**
 * The ES256K rule on bytes: SHA-256 of `input`, a 64-byte `R ‖ S` signature, high-S accepted
 * (RFC 8812; DESIGN.md §6). The node's crypto threads apply this same function.
 * @returns false for a wrong or malformed signature or key.
 */
export function verifyEs256kSignature(
  input: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (signature.length !== 64) return false;
  try {
    const digest = createHash('sha256').update(input).digest();
    return secp256k1.ecdsaVerify(
      secp256k1.signatureNormalize(Uint8Array.from(signature)),
      digest,
      publicKey,
    );
  } catch {
    return false;
  }
}
