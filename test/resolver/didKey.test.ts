import { generateKeyPairSync } from 'node:crypto';
import { getResolver as getPriorArtResolver, util } from '@cef-ebsi/key-did-resolver';
import { Resolver, type ResolverRegistry } from 'did-resolver';
import { describe, expect, test } from 'vitest';
import { toDidKey } from '../../src/identity/didKey.js';
import type { PublicEcJwk } from '../../src/identity/jwk.js';
import { getKeyResolver } from '../../src/resolver/getKeyResolver.js';

// The did:key documents of getKeyResolver against those of the prior art's public resolver,
// `@cef-ebsi/key-did-resolver`, for the key types this project supports (jwk_jcs-pub over EC keys
// on P-256 and secp256k1): field by field, in each representation.

const ours = new Resolver(getKeyResolver());
// Typed against did-resolver 4, its own dependency; the functions are the same at run time.
const priorArt = new Resolver(getPriorArtResolver() as unknown as ResolverRegistry);
const CURVES = ['P-256', 'secp256k1'] as const;
/** Several keys per curve: coordinates with leading zero bytes and `-`/`_` in base64url occur. */
const KEYS_PER_CURVE = 8;

function publicJwk(curve: (typeof CURVES)[number]): PublicEcJwk {
  const { x, y } = generateKeyPairSync('ec', { namedCurve: curve }).publicKey.export({
    format: 'jwk',
  }) as { x: string; y: string };
  return { kty: 'EC', crv: curve, x, y };
}

describe('getKeyResolver against @cef-ebsi/key-did-resolver', () => {
  test.each(CURVES)('default: %s keys give the same DID and the same document', async (curve) => {
    for (let i = 0; i < KEYS_PER_CURVE; i += 1) {
      const jwk = publicJwk(curve);
      const did = toDidKey(jwk);
      expect(util.createDid(jwk)).toBe(did);
      const [mine, theirs] = await Promise.all([ours.resolve(did), priorArt.resolve(did)]);
      expect(mine.didDocument).toStrictEqual(theirs.didDocument);
      expect(mine.didDocumentMetadata).toStrictEqual(theirs.didDocumentMetadata);
      expect(mine.didResolutionMetadata.contentType).toBe(theirs.didResolutionMetadata.contentType);
    }
  });

  test.each(['application/did+ld+json', 'application/did+json'])(
    'args: accept %s gives the same representation',
    async (accept) => {
      for (const curve of CURVES) {
        const did = toDidKey(publicJwk(curve));
        const [mine, theirs] = await Promise.all([
          ours.resolve(did, { accept }),
          priorArt.resolve(did, { accept }),
        ]);
        expect(mine.didDocument).toStrictEqual(theirs.didDocument);
        expect(mine.didResolutionMetadata.contentType).toBe(accept);
        expect(theirs.didResolutionMetadata.contentType).toBe(accept);
      }
    },
  );

  test('error: a did:key of another multicodec (Ed25519) is invalidDid for both', async () => {
    const did = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    const [mine, theirs] = await Promise.all([ours.resolve(did), priorArt.resolve(did)]);
    expect(mine).toEqual({
      didResolutionMetadata: {
        error: 'invalidDid',
        message: `"${did}" is not a jwk_jcs-pub did:key of a P-256 or secp256k1 key`,
      },
      didDocument: null,
      didDocumentMetadata: {},
    });
    expect(theirs.didResolutionMetadata.error).toBe('invalidDid');
    expect(theirs.didDocument).toBeNull();
  });
});
