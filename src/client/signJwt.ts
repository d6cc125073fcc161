import { createPrivateKey } from 'node:crypto';
import type { PrivateEcJwk } from '../identity/jwk.js';
import { signCompactJws } from '../identity/signCompactJws.js';

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
  const privateKey = createPrivateKey({ key: { ...key }, format: 'jwk' });
  return signCompactJws({ ...header, alg: algorithmOf(key) }, payload, privateKey);
}
