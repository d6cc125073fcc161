import type { JwsVerifier } from '../crypto/jws.js';
import {
  type JwtRole,
  jwtRefusal,
  PresentationInvalidError,
  type PresentationProblem,
} from '../errors/auth.js';
import { isDidCoreV1 } from '../identity/didCore.js';
import { jwkThumbprint, type PublicEcJwk } from '../identity/jwk.js';
import { type CompactJwt, isCompactJws, parseCompactJwt } from '../identity/parseCompactJwt.js';
import type { JwsAlgorithm } from '../identity/verifyJwsSignature.js';
import type { Relationship, ResolvedMethod } from './trustSources.js';

/** Allowed clock skew for `iat`/`nbf`, in seconds. */
export const CLOCK_TOLERANCE = 60;
/** A presentation must expire less than this many seconds ahead (SPEC.md §5.1). */
export const MAX_PRESENTATION_LIFETIME = 300;
/**
 * Credentials one presentation may carry. Every scope's DCQL query asks for one credential; a
 * few more leave a wallet room without letting a request make the node parse hundreds.
 */
export const MAX_PRESENTATION_CREDENTIALS = 4;

/** A presentation whose structure, binding and times checked out (signature not yet). */
export type ParsedPresentation = {
  holder: string;
  kid: string;
  alg: JwsAlgorithm;
  nonce: string;
  credentials: string[];
  /** The public key of the header (`jwk`), present for invite presentations. */
  headerJwk: PublicEcJwk | undefined;
  /** What its signature covers, and the signature, for {@link assertSignature}. */
  signed: SignedJws;
};

/** The bytes a compact JWS signs and its signature, as its one parse gave them. */
export type SignedJws = Pick<CompactJwt, 'signingInput' | 'signature'>;

export type CheckPresentationOptions = {
  algorithms: readonly JwsAlgorithm[];
  audience: string;
  now: number;
  /** Whether did:key holders are accepted (every requested scope allows them). */
  didKey: boolean;
  /** Invite presentations carry their public key in the header. */
  invite: boolean;
};

/**
 * Checks a presentation JWT in a fixed order, cheapest first, without touching the ledger:
 * header (`alg` allowlist, `typ`, `kid` form, `jwk` for invites), payload shape, holder binding
 * (`iss` = `sub` = `vp.holder` = the `kid` DID), holder DID method, `aud`, `nonce`, times.
 * - Spec: SPEC.md §5.1, §5.3.3, §5.4.3
 * - Design: DESIGN.md §6; STYLE.md B6
 * @throws {PresentationInvalidError} naming the claim and the step that failed.
 */
export async function checkPresentation(
  token: string,
  options: CheckPresentationOptions,
): Promise<ParsedPresentation> {
  const { header, payload, signingInput, signature } = parseCompactJwt(token, 'presentation');
  const alg = header.alg;
  if (typeof alg !== 'string' || !options.algorithms.includes(alg as JwsAlgorithm)) {
    throw refused(
      'unsupported',
      'alg',
      `The presentation "alg" must be one of ${options.algorithms.join(', ')}`,
    );
  }
  if (header.typ !== 'JWT')
    throw refused('malformed', 'typ', 'The presentation "typ" must be "JWT"');
  const kid = header.kid;
  if (typeof kid !== 'string' || !/^did:[^#]+#[^#]+$/.test(kid)) {
    throw refused('malformed', 'kid', 'The presentation "kid" must be a DID URL "<did>#<key>"');
  }
  const headerJwk = options.invite ? await checkHeaderJwk(header.jwk, kid) : undefined;

  const holder = payload.iss;
  const vp = payload.vp as Record<string, unknown> | undefined;
  if (typeof holder !== 'string' || holder === '')
    throw refused('malformed', 'iss', 'The presentation has no "iss"');
  if (typeof vp !== 'object' || vp === null)
    throw refused('malformed', 'vp', 'The presentation has no "vp" claim');
  if (!Array.isArray(vp.type) || !vp.type.includes('VerifiablePresentation')) {
    throw refused(
      'malformed',
      'vp.type',
      'The presentation "vp.type" must include "VerifiablePresentation"',
    );
  }
  const credentials = vp.verifiableCredential;
  if (Array.isArray(credentials) && credentials.length > MAX_PRESENTATION_CREDENTIALS) {
    throw refused(
      'malformed',
      'vp.verifiableCredential',
      `The presentation may carry at most ${MAX_PRESENTATION_CREDENTIALS} credentials; the scope needs one`,
    );
  }
  if (!Array.isArray(credentials) || credentials.length === 0 || !credentials.every(isCompactJws)) {
    throw refused(
      'malformed',
      'vp.verifiableCredential',
      'The presentation "vp.verifiableCredential" must be a non-empty array of credential JWTs',
    );
  }
  if (payload.sub !== holder)
    throw refused('binding', 'sub', 'The presentation "sub" must equal its "iss"');
  if (vp.holder !== holder)
    throw refused('binding', 'vp.holder', 'The presentation "vp.holder" must equal its "iss"');
  if (kid.slice(0, kid.indexOf('#')) !== holder) {
    throw refused('binding', 'kid', 'The presentation "kid" must be a key of its holder "iss"');
  }
  if (!isDidCoreV1(holder) && !(options.didKey && holder.startsWith('did:key:'))) {
    throw refused(
      'unsupported',
      'iss',
      options.didKey
        ? 'The holder must be a did:core v1 or a did:key'
        : 'The holder must be a did:core v1 for the requested scope',
    );
  }
  if (payload.aud !== options.audience) {
    throw refused('audience', 'aud', `The presentation "aud" must be "${options.audience}"`);
  }
  const nonce = payload.nonce;
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 256) {
    throw refused('malformed', 'nonce', 'The presentation must carry a "nonce"');
  }
  checkTimes(payload, options.now);
  return {
    holder,
    kid,
    alg: alg as JwsAlgorithm,
    nonce,
    credentials: credentials as string[],
    headerJwk,
    signed: { signingInput, signature },
  };
}

function checkTimes(payload: Record<string, unknown>, now: number): void {
  const { iat, nbf, exp } = payload;
  for (const [name, value] of Object.entries({ iat, nbf, exp })) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw refused('malformed', name, `The presentation "${name}" must be a number of seconds`);
    }
  }
  if ((exp as number) <= now) throw refused('expired', 'exp', 'The presentation has expired');
  if ((exp as number) - now >= MAX_PRESENTATION_LIFETIME) {
    throw refused(
      'lifetime',
      'exp',
      'The presentation must expire less than 5 minutes in the future',
    );
  }
  if ((nbf as number) > now + CLOCK_TOLERANCE)
    throw refused('premature', 'nbf', 'The presentation is not valid yet ("nbf")');
  if ((iat as number) > now + CLOCK_TOLERANCE)
    throw refused('premature', 'iat', 'The presentation "iat" is in the future');
}

/** An invite presentation proves a key that is not registered yet: it carries it as `jwk`. */
async function checkHeaderJwk(value: unknown, kid: string): Promise<PublicEcJwk> {
  const jwk = value as Partial<PublicEcJwk> & { d?: unknown };
  if (
    typeof jwk !== 'object' ||
    jwk === null ||
    jwk.kty !== 'EC' ||
    jwk.crv !== 'secp256k1' ||
    typeof jwk.x !== 'string' ||
    typeof jwk.y !== 'string' ||
    jwk.d !== undefined
  ) {
    throw refused(
      'malformed',
      'jwk',
      'An invite presentation must carry its public secp256k1 key as the "jwk" header',
    );
  }
  const publicJwk: PublicEcJwk = { kty: 'EC', crv: 'secp256k1', x: jwk.x, y: jwk.y };
  const thumbprint = await jwkThumbprint(publicJwk);
  if (kid.slice(kid.indexOf('#') + 1) !== thumbprint) {
    throw refused(
      'malformed',
      'kid',
      `The presentation "kid" must end in the thumbprint of its "jwk" (${thumbprint})`,
    );
  }
  return publicJwk;
}

/**
 * The key `kid` of a resolved DID, if it has `relationship` (DESIGN.md §6: presentations and
 * self-attestations are signed with `authentication` keys, other credentials with `assertionMethod`).
 * @throws {PresentationInvalidError | CredentialUntrustedError} `key`.
 */
export function findKey(
  methods: readonly ResolvedMethod[] | undefined,
  kid: string,
  relationship: Relationship,
  who: JwtRole,
): PublicEcJwk {
  if (!methods) {
    const did = kid.slice(0, kid.indexOf('#'));
    throw jwtRefusal(who, 'key', 'kid', `The ${who} DID "${did}" cannot be resolved`);
  }
  const method = methods.find((m) => m.id === kid);
  if (!method) {
    throw jwtRefusal(
      who,
      'key',
      'kid',
      `The ${who} key "${kid}" is not a valid verification method of its DID`,
    );
  }
  if (!method.relationships.has(relationship)) {
    throw jwtRefusal(
      who,
      'key',
      'kid',
      `The ${who} key "${kid}" is not an "${relationship}" key of its DID`,
    );
  }
  return method.jwk;
}

/**
 * Verifies a signature with `verify` (the node's crypto threads), failing closed.
 * @throws {PresentationInvalidError | CredentialUntrustedError} `signature`.
 */
export async function assertSignature(
  verify: JwsVerifier,
  signed: SignedJws,
  alg: JwsAlgorithm,
  jwk: PublicEcJwk,
  who: JwtRole,
): Promise<void> {
  if (!(await verify(signed, alg, jwk))) {
    throw jwtRefusal(who, 'signature', undefined, `The ${who} signature does not verify`);
  }
}

function refused(
  reason: PresentationProblem,
  claim: string,
  message: string,
): PresentationInvalidError {
  return new PresentationInvalidError(reason, claim, message);
}
