import type { CompactJwt } from '../../identity/parseCompactJwt.js';
import { type JwsAlgorithm, verifyJwsSignature } from '../../identity/verifyJwsSignature.js';
import type { JwtVc } from './checkShape.js';
import { toIso } from './checkTimes.js';
import type { RegistryReads } from './createRegistryReads.js';
import { findAssertionKey } from './findAssertionKey.js';
import { type Check, fail, pass, skip } from './trustReport.js';

/** A JWS to verify against a DID's `assertionMethod` keys. */
export type SignedJwt = {
  token: string;
  jwt: Pick<CompactJwt, 'signingInput' | 'signature'>;
  alg: JwsAlgorithm;
  kid: string;
};

/** The DID Registry read of `did`, as it was at `at` (Unix seconds), or as it is now. */
export function didDocumentPath(did: string, at?: number): string {
  const path = `/v1/did-registry/identifiers/${did}`;
  return at === undefined ? path : `${path}?valid-at=${toIso(at)}`;
}

/**
 * The issuer's checks: its DID resolved as at issuance (`iat`), the signing key an
 * `assertionMethod` then, the signature, and the key still an `assertionMethod` at `now` (the
 * time checked, or the ledger's head). A key rotated or revoked since issuance fails `key-now`:
 * the registry cannot tell a routine rotation from a compromise, so the verifier does not either.
 * - Spec: SPEC.md §4.1, §4.2.5 (`valid-at`)
 * - Design: DESIGN.md §6
 */
export async function checkIssuerKeys(
  reads: RegistryReads,
  vc: JwtVc,
  now: number | undefined,
): Promise<Check[]> {
  const issuedAt = toIso(vc.iat);
  const [then, current] = await Promise.all([
    reads.get<unknown>(didDocumentPath(vc.issuer, vc.iat)),
    reads.get<unknown>(didDocumentPath(vc.issuer, now)),
  ]);
  if (!then.ok) {
    const reason =
      then.status === 404
        ? `${vc.issuer} is not in the DID Registry as at ${issuedAt}`
        : `The issuer's DID document could not be read: ${then.reason}`;
    const because = 'Not checked: the issuer could not be resolved';
    return [
      fail('issuer', reason, then.source),
      skip('key-at-issuance', because),
      skip('signature', because),
      skip('key-now', because),
    ];
  }
  const key = findAssertionKey(then.value, vc.kid);
  const checks = [
    pass('issuer', `${vc.issuer} resolved as at its issuance ${issuedAt}`, then.source),
    key.found
      ? pass('key-at-issuance', `"${vc.kid}" was an "assertionMethod" at issuance`, then.source)
      : fail('key-at-issuance', `At issuance ${issuedAt}: ${key.reason}`, then.source),
    key.found
      ? (await verifyJwsSignature(vc.jwt, vc.token, vc.alg, key.jwk))
        ? pass('signature', `The ${vc.alg} signature verifies with "${vc.kid}"`, then.source)
        : fail('signature', `The ${vc.alg} signature does not verify with "${vc.kid}"`, then.source)
      : skip('signature', 'Not checked: the signing key is not an "assertionMethod" of the issuer'),
  ];
  if (!current.ok)
    return [
      ...checks,
      fail(
        'key-now',
        `The issuer's DID document could not be read: ${current.reason}`,
        current.source,
      ),
    ];
  const still = findAssertionKey(current.value, vc.kid);
  const when = now === undefined ? 'now' : `at ${toIso(now)}`;
  return [
    ...checks,
    still.found
      ? pass('key-now', `"${vc.kid}" is still an "assertionMethod" ${when}`, current.source)
      : fail(
          'key-now',
          `"${vc.kid}" is no longer an "assertionMethod" ${when}: rotated or revoked since issuance`,
          current.source,
        ),
  ];
}

/**
 * Verifies a JWS against the `assertionMethod` key `kid` of `did` as the DID Registry had it at
 * `at` (or now): an accreditation of a chain, a status list.
 * @returns `undefined` when it verifies, else why not, with the read that decided it.
 */
export async function findSignatureProblem(
  reads: RegistryReads,
  did: string,
  signed: SignedJwt,
  at?: number,
): Promise<{ reason: string; source: string } | undefined> {
  const document = await reads.get<unknown>(didDocumentPath(did, at));
  const { source } = document;
  if (!document.ok)
    return { reason: `The DID document of ${did} could not be read: ${document.reason}`, source };
  if (!signed.kid.startsWith(`${did}#`))
    return { reason: `"${signed.kid}" is not a key of ${did}`, source };
  const key = findAssertionKey(document.value, signed.kid);
  if (!key.found) return { reason: key.reason, source };
  if (!(await verifyJwsSignature(signed.jwt, signed.token, signed.alg, key.jwk)))
    return { reason: `The ${signed.alg} signature does not verify with "${signed.kid}"`, source };
  return undefined;
}
