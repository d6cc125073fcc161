import { CoreError } from '../../errors/base.js';
import { type CompactJwt, parseCompactJwt } from '../../identity/parseCompactJwt.js';
import { JWS_ALGORITHMS, type JwsAlgorithm } from '../../identity/verifyJwsSignature.js';
import type { Attribute } from '../responses.js';
import type { SignedJwt } from './checkIssuerKeys.js';
import { toSchemaReference } from './checkSchema.js';
import { isDid, isRecord } from './checkShape.js';
import { toIso } from './checkTimes.js';
import type { ChainLink } from './trustReport.js';

/** The latest revision of an attribute of an issuer, as the Issuers Registry serves it. */
export type AttributeRevision = Attribute['attribute'];

/** What a link of the chain must be: its DID, the roles it may hold, what it must cover. */
export type LinkRequirement = {
  did: string;
  /** The issuer may be a TI, a TAO or the Root TAO; an accreditor a TAO or the Root TAO. */
  roles: readonly ChainLink['role'][];
  /** The Root TAO the chain below named, when there is a link below. */
  rootTao: string | undefined;
  /** The credential's types besides `VerifiableCredential`. */
  types: readonly string[];
  /** The credential's `credentialSchema` ids. */
  schemaIds: readonly string[];
  /** Unix seconds: when the accreditation must be valid. */
  at: number;
};

/** A link that holds, and the accreditation credential that makes it (none for the Root TAO). */
export type LinkEvaluation =
  | { ok: true; role: ChainLink['role']; accreditation: (SignedJwt & { iat: number }) | undefined }
  | { ok: false; reason: string };

/** The accreditation credential type of each accredited role. */
const ACCREDITATION_TYPES: Record<'TAO' | 'TI', readonly string[]> = {
  TAO: ['VerifiableAccreditationToAccredit', 'VerifiableAuthorisationForTrustChain'],
  TI: ['VerifiableAccreditationToAttest'],
};

/**
 * Evaluates an attribute as a link of an accreditation chain, without reading anything: not
 * revoked, of a role the link may hold, in the same chain, and (below the Root TAO) accepted with
 * an accreditation credential issued by its TAO to this DID for this attribute, valid at `at`,
 * whose `accreditedFor` (when present) covers the credential's types and schemas. The signature of
 * the accreditation is left to the caller, which reads the TAO's DID document.
 * - Spec: SPEC.md §2.10; reference/read-api.md §3.3
 * - Design: DESIGN.md §6
 */
export function evaluateLink(
  attributeId: string,
  attribute: AttributeRevision,
  requirement: LinkRequirement,
): LinkEvaluation {
  const { did, roles } = requirement;
  const named = `Attribute ${attributeId} of ${did}`;
  const refuse = (reason: string): LinkEvaluation => ({ ok: false, reason: `${named} ${reason}` });
  const role = attribute.issuerType;
  if (!isDid(attribute.tao)) return refuse('names no DID as its TAO');
  if (role === 'Revoked') return refuse(`was revoked by ${attribute.tao}`);
  if (!roles.includes(role as ChainLink['role']))
    return refuse(`makes it a ${role}, not a ${roles.join(' or ')}`);
  if (requirement.rootTao !== undefined && attribute.rootTao !== requirement.rootTao)
    return refuse(`belongs to the chain of ${attribute.rootTao}, not of ${requirement.rootTao}`);
  if (role === 'RootTAO') {
    return attribute.tao === did
      ? { ok: true, role, accreditation: undefined }
      : refuse(`is a Root TAO attribute accredited by ${attribute.tao}`);
  }
  if (attribute.body === '')
    return refuse('was reserved but never accepted: it holds no accreditation');
  let jwt: CompactJwt;
  try {
    jwt = parseCompactJwt(attribute.body, 'credential');
  } catch (error) {
    if (error instanceof CoreError)
      return refuse(`holds no accreditation credential: ${error.message}`);
    throw error;
  }
  const problem = accreditationProblem(
    jwt,
    attributeId,
    attribute.tao,
    requirement,
    role as 'TAO' | 'TI',
  );
  if (problem !== undefined) return refuse(problem);
  return {
    ok: true,
    role: role as 'TAO' | 'TI',
    accreditation: {
      token: attribute.body,
      jwt,
      alg: jwt.header.alg as JwsAlgorithm,
      kid: jwt.header.kid as string,
      iat: jwt.payload.iat as number,
    },
  };
}

/** Why the stored accreditation does not make the link, or `undefined`. */
function accreditationProblem(
  { header, payload }: CompactJwt,
  attributeId: string,
  tao: string,
  requirement: LinkRequirement,
  role: 'TAO' | 'TI',
): string | undefined {
  const vc = isRecord(payload.vc) ? payload.vc : {};
  const subject = isRecord(vc.credentialSubject) ? vc.credentialSubject : {};
  const types = Array.isArray(vc.type) ? vc.type : [];
  const expected = ACCREDITATION_TYPES[role];
  if (!JWS_ALGORITHMS.includes(header.alg as JwsAlgorithm) || typeof header.kid !== 'string')
    return `holds an accreditation whose header is not ES256/ES256K with a "kid"`;
  if (payload.iss !== tao) return `holds an accreditation not issued by its TAO ${tao}`;
  if (!types.some((type) => expected.includes(type)))
    return `holds an accreditation that is not a ${expected.join(' or ')}`;
  if (subject.id !== requirement.did) return 'holds an accreditation of another subject';
  if (String(subject.reservedAttributeId).toLowerCase() !== attributeId.toLowerCase())
    return 'holds an accreditation for another attribute ("reservedAttributeId")';
  if (!Number.isSafeInteger(payload.iat)) return 'holds an accreditation without "iat"';
  if (typeof payload.exp === 'number' && payload.exp <= requirement.at)
    return `holds an accreditation that expired at ${toIso(payload.exp)}`;
  if (!covers(subject.accreditedFor, requirement))
    return `is not accredited for ${describeCredential(requirement)} ("accreditedFor")`;
  return undefined;
}

/**
 * Whether an `accreditedFor` list (EBSI's `[{ schemaId, types }]`) covers the credential: some
 * entry whose `types` hold all of its types and whose `schemaId`, when set, is one of its schemas.
 * An accreditation without `accreditedFor` is unrestricted.
 */
export function covers(
  accreditedFor: unknown,
  { types, schemaIds }: Pick<LinkRequirement, 'types' | 'schemaIds'>,
): boolean {
  if (accreditedFor === undefined) return true;
  if (!Array.isArray(accreditedFor)) return false;
  const schemas = new Set(schemaIds.map((id) => toSchemaReference(id)?.schemaId));
  return accreditedFor.some((entry) => {
    if (!isRecord(entry)) return false;
    const allowed = Array.isArray(entry.types) ? entry.types : [];
    if (!types.every((type) => allowed.includes(type))) return false;
    if (entry.schemaId === undefined) return true;
    const schema =
      typeof entry.schemaId === 'string' ? toSchemaReference(entry.schemaId) : undefined;
    return schema !== undefined && schemas.has(schema.schemaId);
  });
}

function describeCredential({ types, schemaIds }: Pick<LinkRequirement, 'types' | 'schemaIds'>) {
  const schemas = schemaIds.length === 0 ? '' : ` with schema ${schemaIds.join(', ')}`;
  return `credentials of type ${types.join(', ')}${schemas}`;
}
