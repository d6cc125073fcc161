import { generateKeyPairSync } from 'node:crypto';
import { stringToHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../identity/didCore.js';
import { toDidCoreV2 } from '../../identity/didCoreV2.js';
import { toDidKey, toDidKeyJwk } from '../../identity/didKey.js';
import { toPublicJwk } from '../../identity/jwk.js';
import { ACCOUNT_TYPE, toAccountDid, toSubjectAccount } from './accounts.js';

const newKey = () => privateKeyToAccount(generatePrivateKey());

describe('toAccountDid', () => {
  test('default: a DidCore account is the text of its DID', () => {
    const did = createDidCoreV1();
    expect(toAccountDid(stringToHex(did), ACCOUNT_TYPE.DidCore)).toBe(did);
  });

  test('behavior: a DidKey account becomes the did:key of its secp256k1 JWK', () => {
    const key = newKey();
    const did = toAccountDid(`0x${key.publicKey.slice(4)}`, ACCOUNT_TYPE.DidKey);
    expect(toDidKeyJwk(did)).toEqual(toPublicJwk(key.publicKey, 'secp256k1'));
  });

  test('error: a DidKey account that is not 64 bytes', () => {
    expect(() => toAccountDid(newKey().publicKey, ACCOUNT_TYPE.DidKey)).toThrow(TypeError);
  });
});

describe('toSubjectAccount', () => {
  test('default: did:core v1 and v2 are their UTF-8 text', async () => {
    const v1 = createDidCoreV1();
    expect(toSubjectAccount(v1)).toBe(stringToHex(v1));
    const v2 = await toDidCoreV2(toPublicJwk(newKey().publicKey, 'secp256k1'));
    expect(toSubjectAccount(v2)).toBe(stringToHex(v2));
  });

  test('behavior: a secp256k1 did:key is its key X ‖ Y, and converts back', () => {
    const key = newKey();
    const did = toDidKey(toPublicJwk(key.publicKey, 'secp256k1'));
    const account = toSubjectAccount(did);
    expect(account).toBe(`0x${key.publicKey.slice(4)}`);
    expect(toAccountDid(account ?? '0x', ACCOUNT_TYPE.DidKey)).toBe(did);
  });

  test('error: a P-256 did:key and other DIDs name no subject', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    expect(toSubjectAccount(toDidKey({ kty: 'EC', crv: 'P-256', x, y }))).toBeUndefined();
    expect(toSubjectAccount('did:web:example.com')).toBeUndefined();
    expect(toSubjectAccount('did:core:zabc')).toBeUndefined();
  });
});
