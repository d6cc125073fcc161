import type { Attribute } from '../responses.js';
import { evaluateLink, type LinkRequirement } from './accreditationRules.js';
import { findSignatureProblem } from './checkIssuerKeys.js';
import { isRecord, type JwtVc } from './checkShape.js';
import { toIso } from './checkTimes.js';
import type { RegistryReads } from './createRegistryReads.js';
import { type ChainLink, type Check, fail, pass } from './trustReport.js';

/** Links followed at most: a longer chain (or a loop) is refused. */
export const MAX_CHAIN_LENGTH = 8;

/** The accreditation check and the chain as far as it was followed. */
export type AccreditationOutcome = { check: Check; chain: ChainLink[] };

/**
 * Follows the accreditation chain of a credential's issuer up to a Root TAO through the Issuers
 * Registry reads ({@link followAccreditationChain}), the issuer a TI, a TAO or the Root TAO.
 * - Spec: SPEC.md §2.10, §4.1
 * - Design: DESIGN.md §6
 * @param at Unix seconds: when the accreditations must be valid.
 * @param registryAt Unix seconds: the registry is read as it was then; as it is now when absent.
 */
export async function checkAccreditation(
  reads: RegistryReads,
  vc: JwtVc,
  at: number,
  registryAt?: number,
): Promise<AccreditationOutcome> {
  return followAccreditationChain(
    reads,
    {
      did: vc.issuer,
      roles: ['TI', 'TAO', 'RootTAO'],
      rootTao: undefined,
      types: vc.types,
      schemaIds: vc.schemas.map(({ id }) => String(id)),
      at,
    },
    registryAt,
  );
}

/**
 * Follows an accreditation chain from `start` up to a Root TAO through the Issuers Registry reads:
 * at each DID, the first attribute that makes a link ({@link evaluateLink}), then the signature of
 * its accreditation with its TAO's `assertionMethod` key as at the accreditation's issuance; each
 * accreditor must be a TAO or the Root TAO of the same chain, accredited for the same types and
 * schemas. Read as the registry is now, a revocation taints credentials issued before it; with
 * `registryAt`, each attribute is read as it was then (its revision latest at that time). The one
 * accreditation rule of the verifier and of the TRQP answers.
 * - Spec: SPEC.md §2.10, §4.1
 * - Design: DESIGN.md §6
 */
export async function followAccreditationChain(
  reads: RegistryReads,
  start: LinkRequirement,
  registryAt?: number,
): Promise<AccreditationOutcome> {
  const chain: ChainLink[] = [];
  const failed = (reason: string, source?: string): AccreditationOutcome => ({
    check: fail('accreditation', reason, source),
    chain,
  });
  const then = registryAt === undefined ? undefined : toIso(registryAt);
  const asOf = then === undefined ? '' : `?valid-at=${then}`;
  let requirement = start;
  while (chain.length < MAX_CHAIN_LENGTH) {
    const { did } = requirement;
    const listPath = `/v1/issuers-registry/issuers/${did}/attributes`;
    const list = await reads.collect<{ id: string }>(listPath);
    if (!list.ok) {
      const who = chain.length === 0 ? 'the issuer' : 'its accreditor';
      return list.status === 404
        ? failed(`${did} (${who}) is not in the Issuers Registry`, list.source)
        : failed(`The Issuers Registry could not be read: ${list.reason}`, list.source);
    }
    const reasons: string[] = [];
    for (const { id } of list.value) {
      const read = await reads.get<Attribute>(`${listPath}/${id}${asOf}`);
      if (!read.ok && read.status === 404 && then !== undefined) {
        reasons.push(`Attribute ${id} of ${did} had no revision at ${then}`);
        continue;
      }
      if (!read.ok)
        return failed(`The Issuers Registry could not be read: ${read.reason}`, read.source);
      if (!isRecord(read.value) || !isRecord(read.value.attribute))
        return failed(`The Issuers Registry answered no attribute ${id} of ${did}`, read.source);
      const { attribute } = read.value;
      const link = evaluateLink(id, attribute, requirement);
      if (!link.ok) {
        reasons.push(link.reason);
        continue;
      }
      chain.push({ did, role: link.role, attributeId: id, source: read.source });
      const { accreditation } = link;
      if (accreditation === undefined)
        return { check: pass('accreditation', describeChain(chain), chain[0]?.source), chain };
      const problem = await findSignatureProblem(
        reads,
        attribute.tao,
        accreditation,
        accreditation.iat,
      );
      if (problem)
        return failed(
          `The accreditation in ${link.role} attribute ${id} of ${did}: ${problem.reason}`,
          problem.source,
        );
      if (chain.some((known) => known.did === attribute.tao))
        return failed(`The chain loops back to ${attribute.tao}`, read.source);
      requirement = {
        ...requirement,
        did: attribute.tao,
        roles: ['TAO', 'RootTAO'],
        rootTao: attribute.rootTao,
      };
      break;
    }
    if (chain.at(-1)?.did !== did)
      return failed(
        reasons.length > 0 ? reasons.join('; ') : `${did} has no attribute in the Issuers Registry`,
        list.source,
      );
  }
  return failed(`The chain is longer than ${MAX_CHAIN_LENGTH} links without reaching a Root TAO`);
}

/** `did:… (TI) ← did:… (TAO) ← did:… (RootTAO)`, the issuer first. */
function describeChain(chain: readonly ChainLink[]): string {
  return `Accredited: ${chain.map(({ did, role }) => `${did} (${role})`).join(' ← ')}`;
}
