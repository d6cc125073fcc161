import type { DIDResolver } from 'did-resolver';
import { DEFAULT_DID_CONTEXT } from '../identity/didDocument.js';
import { DID_KEY_PREFIX, toDidKeyJwk } from '../identity/didKey.js';
import type { PublicEcJwk } from '../identity/jwk.js';
import { type LdDidDocument, toRepresentation, toRepresented } from './representation.js';
import { toFailedResolution, toResolution } from './resolutionResult.js';

export type GetKeyResolverReturnType = { key: DIDResolver };

/**
 * The `did:key` method driver for the DIF `did-resolver` package, for the did:keys of natural
 * persons (multicodec `jwk_jcs-pub`, an EC key on P-256 or secp256k1): resolved locally, no
 * node involved. The document is the one the prior art's resolver gives for the same DID, field
 * by field (`test/resolver/didKey.test.ts`): one `JsonWebKey2020` method, `<did>#<multibase>`,
 * in `authentication`, `assertionMethod`, `capabilityInvocation` and `capabilityDelegation`.
 * Any other did:key (another multicodec, a non-canonical JWK) is `invalidDid`.
 * - Design: DESIGN.md §5; W3C DID Resolution §4, §7.1
 * @returns `{ key }`, to spread into `new Resolver({ ... })`.
 * @example
 * const resolver = new Resolver({ ...getKeyResolver() });
 * const { didDocument } = await resolver.resolve('did:key:z2dmzD81cgPx8Vki7JbuuMmFYrWPgYoytyk…');
 */
export function getKeyResolver(): GetKeyResolverReturnType {
  return {
    key: async (_did, parsed, _resolver, options) => {
      const jwk = toDidKeyJwk(parsed.did);
      if (jwk === undefined)
        return toFailedResolution('invalidDid', {
          message: `"${parsed.did}" is not a jwk_jcs-pub did:key of a P-256 or secp256k1 key`,
        });
      const representation = toRepresentation(options.accept);
      if (representation === undefined)
        return toFailedResolution('representationNotSupported', {
          message:
            '"accept" must be application/did+ld+json, application/did+json or application/json',
        });
      return toResolution(
        toRepresented(toDidKeyDocument(parsed.did, jwk), representation),
        representation,
      );
    },
  };
}

/**
 * The DID document of a jwk_jcs-pub did:key: its one key, holding every relationship but
 * `keyAgreement` (an ECDSA key signs; it does not agree keys).
 * - Design: DESIGN.md §5
 */
export function toDidKeyDocument(did: string, jwk: PublicEcJwk): LdDidDocument {
  const id = `${did}#${did.slice(DID_KEY_PREFIX.length)}`;
  return {
    '@context': [...DEFAULT_DID_CONTEXT],
    id: did,
    verificationMethod: [{ id, type: 'JsonWebKey2020', controller: did, publicKeyJwk: jwk }],
    authentication: [id],
    assertionMethod: [id],
    capabilityInvocation: [id],
    capabilityDelegation: [id],
  };
}
