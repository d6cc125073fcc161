import { typedProblem } from '../../../errors/problem.js';

/** A compact JWS: three base64url parts, the signature not empty (no `alg: none`). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const VCDM_1_1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
const VCDM_2_0_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
const STATUS_LIST_TYPES = ['StatusList2021Credential', 'BitstringStatusListCredential'];

/**
 * Checks that an upstream answered a status-list credential JWT. Structure only: the signature
 * is not verified (a relying party verifies it against the issuer's DID document anyway).
 *
 * Accepted: a compact JWS whose header is a JSON object with an `alg` other than `none`, and whose
 * payload is either a VCDM 1.1 JWT (`vc` claim, `@context[0]` = the 2018 credentials context) or
 * a VCDM 2.0 JOSE-secured credential (the payload itself, `@context[0]` = the v2 context). The
 * credential's `type` includes `VerifiableCredential` and `StatusList2021Credential` or
 * `BitstringStatusListCredential`, and its `credentialSubject` has a non-empty `encodedList`.
 * - Spec: reference/read-api.md §3.3 (proxy resolution)
 * @throws {ProblemError} 502 `upstream-error` naming what is missing.
 */
export function assertStatusListJwt(jwt: string): void {
  const refuse = (what: string) =>
    typedProblem('upstream-error', `The proxy's upstream answered ${what}`);
  if (!COMPACT_JWS.test(jwt)) throw refuse('something that is not a compact JWS');
  const [header, payload] = jwt.split('.').map(decodeJson);
  if (!isRecord(header) || typeof header.alg !== 'string' || header.alg === 'none') {
    throw refuse('a JWS whose header is invalid');
  }
  if (!isRecord(payload)) throw refuse('a JWS whose payload is not a JSON object');
  const credential = isRecord(payload.vc) ? payload.vc : payload;
  const context = credential['@context'];
  const version = Array.isArray(context) ? context[0] : undefined;
  if (
    (credential === payload.vc && version !== VCDM_1_1_CONTEXT) ||
    (credential === payload && version !== VCDM_2_0_CONTEXT)
  ) {
    throw refuse('a JWT that is not a verifiable credential');
  }
  const types = toArray(credential.type);
  if (
    !types.includes('VerifiableCredential') ||
    !types.some((type) => STATUS_LIST_TYPES.includes(type as string))
  ) {
    throw refuse(
      'a credential that is neither a StatusList2021Credential nor a BitstringStatusListCredential',
    );
  }
  const subject = credential.credentialSubject;
  if (!isRecord(subject) || typeof subject.encodedList !== 'string' || subject.encodedList === '') {
    throw refuse('a status list credential without an "encodedList"');
  }
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
