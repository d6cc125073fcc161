import { createPrivateKey, sign } from 'node:crypto';
import type { PrivateEcJwk } from '../identity/jwk.js';

/** The JOSE algorithm of a key's curve. */
export function algorithmOf(jwk: PrivateEcJwk): 'ES256' | 'ES256K' {
  return jwk.crv === 'secp256k1' ? 'ES256K' : 'ES256';
}

/**
 * Signs a JWT (compact JWS) with an EC private JWK: ES256 for P-256, ES256K for secp256k1, with
 * the raw `R ‖ S` signature encoding of JOSE.
 * @param header JOSE header members; `alg` is set from the key.
 */
export function signJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: PrivateEcJwk,
): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ ...header, alg: algorithmOf(key) })}.${encode(payload)}`;
  const privateKey = createPrivateKey({ key: { ...key }, format: 'jwk' });
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${signingInput}.${signature.toString('base64url')}`;
}
