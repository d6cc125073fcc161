import { calculateJwkThumbprint, type JWK } from 'jose';
import { bytesToHex, type Hex, hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** A public EC JWK of the curves we use. */
export type PublicEcJwk = { kty: 'EC'; crv: 'secp256k1' | 'P-256'; x: string; y: string };
/** A private EC JWK (`d` included). */
export type PrivateEcJwk = PublicEcJwk & { d: string };

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/**
 * The public JWK of an uncompressed SEC1 point (`0x04 ‖ X ‖ Y`, 65 bytes).
 * @throws {TypeError} for any other encoding.
 */
export function toPublicJwk(publicKey: Hex, crv: PublicEcJwk['crv']): PublicEcJwk {
  const bytes = hexToBytes(publicKey);
  if (bytes.length !== 65 || bytes[0] !== 0x04) {
    throw new TypeError('A public key must be an uncompressed SEC1 point of 65 bytes');
  }
  return { kty: 'EC', crv, x: toBase64Url(bytes.slice(1, 33)), y: toBase64Url(bytes.slice(33)) };
}

/** The uncompressed SEC1 point (`0x04 ‖ X ‖ Y`) of a public JWK. */
export function toPublicKeyHex(jwk: PublicEcJwk): Hex {
  return bytesToHex(toPublicKeyBytes(jwk));
}

/**
 * {@link toPublicKeyHex} as bytes. Only `Buffer.from`: the explorer's browser bundle has no more of
 * `Buffer` (explorer/sdk/buffer.ts).
 */
export function toPublicKeyBytes(jwk: PublicEcJwk): Uint8Array {
  const [x, y] = [fromBase64Url(jwk.x), fromBase64Url(jwk.y)];
  const point = new Uint8Array(1 + x.length + y.length);
  point[0] = 0x04;
  point.set(x, 1);
  point.set(y, 1 + x.length);
  return point;
}

/** The private secp256k1 JWK of a 32-byte private key. */
export function toSecp256k1PrivateJwk(privateKey: Hex): PrivateEcJwk {
  const { publicKey } = privateKeyToAccount(privateKey);
  return { ...toPublicJwk(publicKey, 'secp256k1'), d: toBase64Url(hexToBytes(privateKey)) };
}

/** The 32-byte private key of a private secp256k1 JWK. */
export function toPrivateKeyHex(jwk: PrivateEcJwk): Hex {
  return bytesToHex(fromBase64Url(jwk.d));
}

/**
 * RFC 7638 SHA-256 thumbprint of a public JWK, base64url without padding: our verification
 * method ids (DESIGN.md §5) and `cnf.jkt`.
 */
export async function jwkThumbprint(jwk: PublicEcJwk | JWK): Promise<string> {
  // jose hashes only the members RFC 7638 requires for the key type, in their fixed order.
  return calculateJwkThumbprint(jwk as JWK, 'sha256');
}
