import { type KeyObject, sign } from 'node:crypto';

/**
 * Signs a compact JWS (a JWT when `payload` is a claims set) with an EC private key: SHA-256 and
 * the raw `R ‖ S` signature encoding of JOSE (RFC 7518 §3.4), for ES256 and ES256K alike.
 * @param header JOSE header members, `alg` included: it must name the key's algorithm.
 */
export function signCompactJws(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: KeyObject,
): string {
  const signingInput = toSigningInput(header, payload);
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

/** `BASE64URL(header) . BASE64URL(payload)` of a JWS whose members are JSON (RFC 7515 §5.1). */
export function toSigningInput(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode(header)}.${encode(payload)}`;
}

/**
 * A JWS signing key held elsewhere (an HSM, a KMS, a crypto thread): it signs a signing input and
 * answers JOSE's raw `R ‖ S` (RFC 7518 §3.4); ES256K signatures are low-S.
 */
export type JwsSigningKey = {
  alg: 'ES256' | 'ES256K';
  sign(signingInput: Uint8Array): Promise<Uint8Array>;
};

/** {@link signCompactJws} with a key held elsewhere; `alg` is set from the key. */
export async function signCompactJwsWith(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: JwsSigningKey,
): Promise<string> {
  const signingInput = toSigningInput({ ...header, alg: key.alg }, payload);
  const signature = await key.sign(Buffer.from(signingInput));
  return `${signingInput}.${Buffer.from(signature).toString('base64url')}`;
}
