import { generateKeyPairSync } from 'node:crypto';
import secp256k1 from 'secp256k1';
import { describe, expect, test } from 'vitest';
import { signJwt } from '../client/signJwt.js';
import type { PrivateEcJwk, PublicEcJwk } from './jwk.js';
import { parseCompactJwt } from './parseCompactJwt.js';
import { verifyJwsSignature } from './verifyJwsSignature.js';

function keyPair(curve: 'P-256' | 'secp256k1'): {
  privateJwk: PrivateEcJwk;
  publicJwk: PublicEcJwk;
} {
  const { privateKey } = generateKeyPairSync('ec', {
    namedCurve: curve === 'P-256' ? 'P-256' : 'secp256k1',
  });
  const { kty, crv, x, y, d } = privateKey.export({ format: 'jwk' }) as PrivateEcJwk;
  return { privateJwk: { kty, crv, x, y, d }, publicJwk: { kty, crv, x, y } };
}

async function verify(token: string, alg: 'ES256' | 'ES256K', jwk: PublicEcJwk) {
  return verifyJwsSignature(parseCompactJwt(token, 'presentation'), token, alg, jwk);
}

describe('verifyJwsSignature', () => {
  test.each([
    ['ES256', 'P-256'],
    ['ES256K', 'secp256k1'],
  ] as const)('default: %s signatures verify', async (alg, curve) => {
    const { privateJwk, publicJwk } = keyPair(curve);
    const token = signJwt({ typ: 'JWT' }, { hello: 'world' }, privateJwk);
    expect(await verify(token, alg, publicJwk)).toBe(true);
  });

  test('behavior: a high-S ES256K signature verifies too', async () => {
    const { privateJwk, publicJwk } = keyPair('secp256k1');
    const token = signJwt({ typ: 'JWT' }, { n: 1 }, privateJwk);
    const [head, body, sig] = token.split('.') as [string, string, string];
    const raw = Buffer.from(sig, 'base64url');
    // Flip s to n - s: the same signature in its other (high or low) form.
    const n = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
    const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
    const flipped = Buffer.concat([
      raw.subarray(0, 32),
      Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex'),
    ]);
    const other = `${head}.${body}.${flipped.toString('base64url')}`;
    expect(
      secp256k1.ecdsaVerify(Uint8Array.from(flipped), Buffer.alloc(32), Buffer.alloc(33, 2)),
    ).toBe(false);
    expect(await verify(other, 'ES256K', publicJwk)).toBe(true);
  });

  test('error: a tampered payload, another key, a key of the wrong curve', async () => {
    const { privateJwk, publicJwk } = keyPair('secp256k1');
    const token = signJwt({ typ: 'JWT' }, { n: 1 }, privateJwk);
    const [head, , sig] = token.split('.') as [string, string, string];
    const tampered = `${head}.${Buffer.from('{"n":2}').toString('base64url')}.${sig}`;
    expect(await verify(tampered, 'ES256K', publicJwk)).toBe(false);
    expect(await verify(token, 'ES256K', keyPair('secp256k1').publicJwk)).toBe(false);
    expect(await verify(token, 'ES256', keyPair('P-256').publicJwk)).toBe(false);
  });
});
