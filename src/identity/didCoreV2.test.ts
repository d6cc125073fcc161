import { base58btc } from 'multiformats/bases/base58';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { createDidCoreV1, isDidCoreV1 } from './didCore.js';
import { isDidCoreV2, toDidCoreV2 } from './didCoreV2.js';
import { jwkThumbprint, toPublicJwk } from './jwk.js';

const v2Of = (bytes: number[]) => `did:core:${base58btc.encode(new Uint8Array(bytes))}`;

describe('toDidCoreV2', () => {
  test('default: z + base58btc(0x02 ‖ the RFC 7638 thumbprint of the key)', async () => {
    const jwk = toPublicJwk(privateKeyToAccount(generatePrivateKey()).publicKey, 'secp256k1');
    const did = await toDidCoreV2(jwk);
    const bytes = base58btc.decode(did.slice('did:core:'.length));
    expect(bytes[0]).toBe(0x02);
    expect(Buffer.from(bytes.subarray(1)).toString('base64url')).toBe(await jwkThumbprint(jwk));
    expect(isDidCoreV2(did)).toBe(true);
    expect(isDidCoreV1(did)).toBe(false);
  });
});

describe('isDidCoreV2', () => {
  test('default: any 32 bytes after the version byte', () => {
    expect(isDidCoreV2(v2Of([2, ...new Array(32).fill(0)]))).toBe(true);
    expect(isDidCoreV2(v2Of([2, ...new Array(32).fill(255)]))).toBe(true);
  });

  test.each([
    ['a v1', createDidCoreV1()],
    ['31 bytes', v2Of([2, ...new Array(31).fill(7)])],
    ['33 bytes', v2Of([2, ...new Array(33).fill(7)])],
    ['version 3', v2Of([3, ...new Array(32).fill(7)])],
    ['no multibase z', 'did:core:m1234'],
    ['not base58btc', 'did:core:z0OIl'],
    ['another method', 'did:key:z2dmzD81cgPx8Vki7JbuuMmFYrWPgYoytykUZ3eyqht1j9Kb'],
    ['too long', `did:core:z${'2'.repeat(100)}`],
  ])('error: %s is not a v2', (_, did) => {
    expect(isDidCoreV2(did)).toBe(false);
  });
});
