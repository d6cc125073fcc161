import { describe, expect, test } from 'vitest';
import { findAssertionKey } from './findAssertionKey.js';

const KID = 'did:core:zA#k1';
const JWK = { kty: 'EC', crv: 'secp256k1', x: 'eA', y: 'eQ' } as const;
const document = {
  id: 'did:core:zA',
  verificationMethod: [
    { id: KID, type: 'JsonWebKey2020', controller: 'did:core:zA', publicKeyJwk: JWK },
  ],
  authentication: ['did:core:zA#k2'],
  assertionMethod: [KID],
};

describe('findAssertionKey', () => {
  test('default: the public JWK of an assertionMethod', () => {
    expect(findAssertionKey(document, KID)).toEqual({ found: true, jwk: JWK });
  });

  test('error: not an assertionMethod, no JWK, not a document', () => {
    expect(findAssertionKey(document, 'did:core:zA#k2')).toEqual({
      found: false,
      reason: '"did:core:zA#k2" is not an "assertionMethod" of did:core:zA',
    });
    expect(findAssertionKey({ ...document, verificationMethod: [] }, KID)).toEqual({
      found: false,
      reason: `"${KID}" has no EC "publicKeyJwk" in the DID document`,
    });
    expect(findAssertionKey('nope', KID)).toEqual({
      found: false,
      reason: 'The DID document is not an object',
    });
  });
});
