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

describe('jwkThumbprint (RFC 7638 §3.1)', () => {
  test('default: the RFC example key', async () => {
    const rfcKey = {
      kty: 'RSA',
      n: '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
      e: 'AQAB',
      alg: 'RS256',
      kid: '2011-04-29',
    };
    expect(await jwkThumbprint(rfcKey)).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  test('behavior: our EC thumbprint hashes exactly {"crv","kty","x","y"} in that order', async () => {
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
    } as const;
    const expected = createHash('sha256')
      .update(`{"crv":"P-256","kty":"EC","x":"${jwk.x}","y":"${jwk.y}"}`)
      .digest('base64url');
    expect(await jwkThumbprint(jwk)).toBe(expected);
  });
});
