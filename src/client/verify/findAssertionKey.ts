import type { PublicEcJwk } from '../../identity/jwk.js';
import { isRecord } from './checkShape.js';

/** An `assertionMethod` key of a DID document, or why `kid` is none. */
export type AssertionKey = { found: true; jwk: PublicEcJwk } | { found: false; reason: string };

const CURVES: readonly string[] = ['P-256', 'secp256k1'];

/**
 * Finds the verification method `kid` among the `assertionMethod` keys of a DID document as the
 * DID Registry serves it (`JsonWebKey2020` methods with a `publicKeyJwk`; relationships as ids).
 * - Design: DESIGN.md §5, §6 (a credential is signed with an `assertionMethod` key)
 */
export function findAssertionKey(document: unknown, kid: string): AssertionKey {
  if (!isRecord(document)) return { found: false, reason: 'The DID document is not an object' };
  const assertions = Array.isArray(document.assertionMethod) ? document.assertionMethod : [];
  const idOf = (entry: unknown) => (isRecord(entry) ? entry.id : entry);
  if (!assertions.some((entry) => idOf(entry) === kid))
    return {
      found: false,
      reason: `"${kid}" is not an "assertionMethod" of ${String(document.id)}`,
    };
  const methods = Array.isArray(document.verificationMethod) ? document.verificationMethod : [];
  const method = [...methods, ...assertions].find(
    (entry): entry is Record<string, unknown> => isRecord(entry) && entry.id === kid,
  );
  const jwk = method?.publicKeyJwk;
  if (
    !isRecord(jwk) ||
    jwk.kty !== 'EC' ||
    !CURVES.includes(jwk.crv as string) ||
    typeof jwk.x !== 'string' ||
    typeof jwk.y !== 'string'
  )
    return { found: false, reason: `"${kid}" has no EC "publicKeyJwk" in the DID document` };
  return {
    found: true,
    jwk: { kty: 'EC', crv: jwk.crv as PublicEcJwk['crv'], x: jwk.x, y: jwk.y },
  };
}
