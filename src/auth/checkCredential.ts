import { CredentialUntrustedError, type JwtProblem } from '../errors/auth.js';
import { parseCompactJwt } from '../identity/parseCompactJwt.js';
import type { JwsAlgorithm } from '../identity/verifyJwsSignature.js';
import { CREDENTIAL_ALGORITHMS, type CredentialRequirement } from './dcqlQueries.js';
import { CLOCK_TOLERANCE, type SignedJws } from './verifyPresentation.js';

const VCDM_1_1 = 'https://www.w3.org/2018/credentials/v1';

/** A credential whose structure, binding and times checked out (signature not yet). */
export type ParsedCredential = {
  issuer: string;
  kid: string;
  alg: JwsAlgorithm;
  /** The credential type that met the requirement. */
  type: string;
  credentialSubject: Record<string, unknown>;
  /** What its signature covers, and the signature. */
  signed: SignedJws;
};

/**
 * Finds, among a presentation's credentials, the one the scope requires, and checks it without
 * touching the ledger: header (`alg` ES256/ES256K, `typ`, `kid` of the issuer), `iss` =
 * `vc.issuer`, `sub` = `credentialSubject.id` = the holder, VCDM 1.1, type, validity window.
 * - Spec: SPEC.md §2.7, §5.4.3
 * - Design: DESIGN.md §6
 * @throws {CredentialUntrustedError} naming the claim and the step that failed.
 */
export function checkCredential(
  tokens: readonly string[],
  requirement: CredentialRequirement,
  holder: string,
  now: number,
): ParsedCredential {
  const candidates = tokens.map((token) => parseCompactJwt(token, 'credential'));
  const match = candidates.find(({ payload }) => typeOf(payload, requirement) !== undefined);
  if (!match) {
    throw untrusted(
      'unsupported',
      'vc.type',
      `The presentation holds no credential of type ${requirement.types.join(' or ')}`,
    );
  }
  const { header, payload, signingInput, signature } = match;
  const alg = header.alg;
  if (typeof alg !== 'string' || !CREDENTIAL_ALGORITHMS.includes(alg as JwsAlgorithm)) {
    throw untrusted(
      'unsupported',
      'alg',
      `The credential "alg" must be one of ${CREDENTIAL_ALGORITHMS.join(', ')}`,
    );
  }
  if (header.typ !== 'JWT')
    throw untrusted('malformed', 'typ', 'The credential "typ" must be "JWT"');
  const vc = payload.vc as Record<string, unknown>;
  const issuer = payload.iss;
  const kid = header.kid;
  if (typeof issuer !== 'string' || vc.issuer !== issuer) {
    throw untrusted('binding', 'iss', 'The credential "iss" must equal its "vc.issuer"');
  }
  if (typeof kid !== 'string' || kid.slice(0, kid.indexOf('#')) !== issuer || !kid.includes('#')) {
    throw untrusted('binding', 'kid', 'The credential "kid" must be a key of its issuer');
  }
  const context = vc['@context'];
  if (!Array.isArray(context) || context[0] !== VCDM_1_1) {
    throw untrusted(
      'malformed',
      'vc.@context',
      `The credential "@context" must start with "${VCDM_1_1}"`,
    );
  }
  const subject = vc.credentialSubject as Record<string, unknown> | undefined;
  if (typeof subject !== 'object' || subject === null || subject.id !== payload.sub) {
    throw untrusted('binding', 'sub', 'The credential "sub" must equal its "credentialSubject.id"');
  }
  if (payload.sub !== holder) {
    throw untrusted(
      'binding',
      'sub',
      `The credential subject "${String(payload.sub)}" is not the holder "${holder}"`,
    );
  }
  const { nbf, exp } = payload;
  if (typeof nbf === 'number' && nbf > now + CLOCK_TOLERANCE) {
    throw untrusted('premature', 'nbf', 'The credential is not valid yet ("nbf")');
  }
  if (exp !== undefined && (typeof exp !== 'number' || exp <= now)) {
    throw untrusted('expired', 'exp', 'The credential has expired');
  }
  return {
    issuer,
    kid,
    alg: alg as JwsAlgorithm,
    type: typeOf(payload, requirement) as string,
    credentialSubject: subject,
    signed: { signingInput, signature },
  };
}

function untrusted(reason: JwtProblem, claim: string, message: string): CredentialUntrustedError {
  return new CredentialUntrustedError(reason, claim, message);
}

function typeOf(
  payload: Record<string, unknown>,
  requirement: CredentialRequirement,
): string | undefined {
  const vc = payload.vc as { type?: unknown } | undefined;
  if (
    typeof vc !== 'object' ||
    vc === null ||
    !Array.isArray(vc.type) ||
    !vc.type.includes('VerifiableCredential')
  ) {
    return undefined;
  }
  return requirement.types.find((type) => (vc.type as unknown[]).includes(type));
}
