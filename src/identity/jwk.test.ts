import { createHash, generateKeyPairSync } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import {
  jwkThumbprint,
  toPrivateKeyHex,
  toPublicJwk,
  toPublicKeyHex,
  toSecp256k1PrivateJwk,
} from './jwk.js';

describe('jwk', () => {
  test('default: a secp256k1 key round-trips through its JWK', () => {
    const privateKey = generatePrivateKey();
    const jwk = toSecp256k1PrivateJwk(privateKey);
    expect(toPrivateKeyHex(jwk)).toBe(privateKey);
    expect(toPublicKeyHex(jwk)).toBe(privateKeyToAccount(privateKey).publicKey);
  });

  test('behavior: the thumbprint is RFC 7638 over the required members in order', async () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const expected = createHash('sha256')
      .update(`{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`)
      .digest('base64url');
    expect(await jwkThumbprint({ kty: 'EC', crv: 'P-256', x, y })).toBe(expected);
    const point = toPublicKeyHex({ kty: 'EC', crv: 'P-256', x, y });
    expect(toPublicJwk(point, 'P-256')).toEqual({ kty: 'EC', crv: 'P-256', x, y });
  });

  test('error: a compressed point is refused', () => {
    expect(() => toPublicJwk(`0x02${'11'.repeat(32)}`, 'secp256k1')).toThrow(TypeError);
  });
});
