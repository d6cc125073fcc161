import { CoreError } from '../../errors/base.js';
import { isDid } from '../../identity/didSyntax.js';
import { type CompactJwt, parseCompactJwt } from '../../identity/parseCompactJwt.js';
import { JWS_ALGORITHMS, type JwsAlgorithm } from '../../identity/verifyJwsSignature.js';
import { type Check, fail, pass } from './trustReport.js';

const VCDM_1_1 = 'https://www.w3.org/2018/credentials/v1';

/** A JWT VC whose shape checked out: what the other checks read from it. */
export type JwtVc = {
  token: string;
  jwt: CompactJwt;
  alg: JwsAlgorithm;
  /** `<issuer DID>#<verification method>`. */
  kid: string;
  issuer: string;
  /** The credential's types besides `VerifiableCredential`. */
  types: string[];
  /** Unix seconds. */
  iat: number;
  nbf: number | undefined;
  exp: number | undefined;
  /** `credentialSchema`, as a list (VCDM 1.1 allows one object or several). */
  schemas: Record<string, unknown>[];
  /** `credentialStatus`, when present. */
  status: Record<string, unknown> | undefined;
  /** `vc.credentialSubject`. */
  subject: Record<string, unknown>;
};

/**
 * Checks that a token is a credential in the JWT VC wire format: header `alg` (ES256, ES256K),
 * `typ` `JWT`, `kid` a key of `iss`; `vc` a VCDM 1.1 credential whose `issuer` is `iss`, `type`
 * holds `VerifiableCredential` and another type, `credentialSubject` agrees with `sub`, with an
 * `issuanceDate`; `iat` (and `nbf`, `exp` when present) NumericDates.
 * - Design: DESIGN.md §6 (wire formats)
 * @returns the `shape` check, and the parsed credential when it passed.
 */
export function checkShape(token: string): { check: Check; vc?: JwtVc } {
  let jwt: CompactJwt;
  try {
    jwt = parseCompactJwt(token.trim(), 'credential');
  } catch (error) {
    if (error instanceof CoreError) return { check: fail('shape', error.message) };
    throw error;
  }
  const problem = problemOf(jwt);
  if (typeof problem === 'string') return { check: fail('shape', problem) };
  const vc = toJwtVc(token.trim(), jwt);
  return {
    check: pass(
      'shape',
      `A VCDM 1.1 JWT credential of type ${vc.types.join(', ')} issued by ${vc.issuer}`,
    ),
    vc,
  };
}

/** What breaks the wire format, or `undefined` when nothing does. */
function problemOf({ header, payload }: CompactJwt): string | undefined {
  if (!JWS_ALGORITHMS.includes(header.alg as JwsAlgorithm))
    return `The credential "alg" must be one of ${JWS_ALGORITHMS.join(', ')}`;
  if (header.typ !== 'JWT') return 'The credential "typ" must be "JWT"';
  const { iss, sub, vc } = payload;
  if (!isDid(iss)) return 'The credential "iss" must be a DID';
  const kid = header.kid;
  if (typeof kid !== 'string' || !kid.startsWith(`${iss}#`) || kid.length === iss.length + 1)
    return `The credential "kid" must be a key of its issuer ("${iss}#…")`;
  if (!isRecord(vc)) return 'The credential has no "vc" object';
  const context = vc['@context'];
  if (!Array.isArray(context) || context[0] !== VCDM_1_1)
    return `The credential "@context" must start with "${VCDM_1_1}"`;
  const types = vc.type;
  if (!Array.isArray(types) || !types.every((type) => typeof type === 'string'))
    return 'The credential "type" must be an array of strings';
  if (!types.includes('VerifiableCredential') || types.length < 2)
    return 'The credential "type" must hold "VerifiableCredential" and its own type';
  const issuer = isRecord(vc.issuer) ? vc.issuer.id : vc.issuer;
  if (issuer !== iss) return 'The credential "iss" must equal its "vc.issuer"';
  const subject = vc.credentialSubject;
  if (!isRecord(subject)) return 'The credential "credentialSubject" must be an object';
  if (sub !== undefined && subject.id !== undefined && subject.id !== sub)
    return 'The credential "sub" must equal its "credentialSubject.id"';
  if (typeof vc.issuanceDate !== 'string' || Number.isNaN(Date.parse(vc.issuanceDate)))
    return 'The credential "issuanceDate" must be a date-time';
  for (const claim of ['iat', 'nbf', 'exp'] as const) {
    const value = payload[claim];
    if ((claim === 'iat' || value !== undefined) && !Number.isSafeInteger(value))
      return `The credential "${claim}" must be a NumericDate (whole seconds)`;
  }
  const schemas = vc.credentialSchema;
  if (schemas !== undefined && !toList(schemas).every((schema) => typeof schema.id === 'string'))
    return 'The credential "credentialSchema" must be objects with an "id"';
  if (vc.credentialStatus !== undefined && !isRecord(vc.credentialStatus))
    return 'The credential "credentialStatus" must be an object';
  return undefined;
}

/** The members of a credential whose shape checked out. */
function toJwtVc(token: string, jwt: CompactJwt): JwtVc {
  const { header, payload } = jwt;
  const vc = payload.vc as Record<string, unknown>;
  return {
    token,
    jwt,
    alg: header.alg as JwsAlgorithm,
    kid: header.kid as string,
    issuer: payload.iss as string,
    types: (vc.type as string[]).filter((type) => type !== 'VerifiableCredential'),
    iat: payload.iat as number,
    nbf: payload.nbf as number | undefined,
    exp: payload.exp as number | undefined,
    schemas: vc.credentialSchema === undefined ? [] : toList(vc.credentialSchema),
    status: vc.credentialStatus as Record<string, unknown> | undefined,
    subject: vc.credentialSubject as Record<string, unknown>,
  };
}

/** One object or an array of objects, as a list; anything else as a list of one empty object. */
function toList(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (isRecord(item) ? item : {}));
}

/** Whether `value` is a DID: what the verifier puts in a registry read's path. */
export { isDid };

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
