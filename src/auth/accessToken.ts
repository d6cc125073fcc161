import { randomUUID } from 'node:crypto';
import { errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AccessTokenInvalidError } from '../errors/accessToken.js';
import { toSigningInput } from '../identity/signCompactJws.js';
import { parseScope, type ScopeRequest } from './scopes.js';
import type { SigningKey } from './signingKeys.js';

/** Access tokens live 2 hours; there are no refresh tokens (SPEC.md §2.6). */
export const ACCESS_TOKEN_LIFETIME = 7200;

export type AccessTokenClaims = {
  /** The holder DID. */
  sub: string;
  /** The granted scope string, suffixes included. */
  scope: string;
  /** RFC 7638 thumbprint of the key proven by an invite presentation (RFC 7800 `cnf`, RFC 9449 `jkt`). */
  jkt?: string;
};

/**
 * Signs an RFC 9068 access token: `typ: at+jwt`, ES256 with the node's key (`kid` = its
 * thumbprint), `iss` = the node's authorisation issuer, `aud` = its `/v1` API. Signed with
 * node:crypto, not jose: jose signs through WebCrypto, which cost a token request 3× the
 * signature's CPU time; jose verifies every token (`verifyAccessToken`). The key's signer runs on
 * the node's crypto threads (or, issue 27, in an HSM).
 * - Design: DESIGN.md §6
 */
export async function issueAccessToken(
  claims: AccessTokenClaims,
  options: { key: SigningKey; issuer: string; audience: string; now: number },
): Promise<string> {
  const { key, issuer, audience, now } = options;
  const header = { alg: 'ES256', typ: 'at+jwt', kid: key.kid };
  const payload = {
    scope: claims.scope,
    ...(claims.jkt ? { cnf: { jkt: claims.jkt } } : {}),
    iss: issuer,
    aud: audience,
    sub: claims.sub,
    iat: now,
    exp: now + ACCESS_TOKEN_LIFETIME,
    jti: randomUUID(),
  };
  const signingInput = toSigningInput(header, payload);
  const signature = await key.signer.sign(Buffer.from(signingInput));
  return `${signingInput}.${Buffer.from(signature).toString('base64url')}`;
}

/** A verified access token. */
export type VerifiedAccessToken = {
  sub: string;
  scope: ScopeRequest;
  jkt: string | undefined;
  exp: number;
};

/**
 * Verifies an access token for the write gate: ES256 signature by a key of `keys` (a JWKS),
 * `typ: at+jwt`, `iss`, `aud`, `exp`, and a well-formed `scope`.
 * - Design: DESIGN.md §6
 * @throws {AccessTokenInvalidError} saying what failed.
 */
export async function verifyAccessToken(
  token: string,
  options: { keys: JWTVerifyGetKey; issuer: string; audience: string; now?: number },
): Promise<VerifiedAccessToken> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, options.keys, {
      algorithms: ['ES256'],
      typ: 'at+jwt',
      issuer: options.issuer,
      audience: options.audience,
      requiredClaims: ['sub', 'scope', 'exp', 'iat', 'jti'],
      ...(options.now === undefined ? {} : { currentDate: new Date(options.now * 1000) }),
    }));
  } catch (cause) {
    throw new AccessTokenInvalidError(`Invalid access token: ${describe(cause)}`, { cause });
  }
  let scope: ScopeRequest;
  try {
    scope = parseScope(payload.scope);
  } catch (cause) {
    throw new AccessTokenInvalidError('Invalid access token: its "scope" is malformed', { cause });
  }
  const cnf = payload.cnf as { jkt?: unknown } | undefined;
  return {
    sub: payload.sub as string,
    scope,
    jkt: typeof cnf?.jkt === 'string' ? cnf.jkt : undefined,
    exp: payload.exp as number,
  };
}

/** jose's failures in our words (its messages name the claim and are safe to show). */
function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey
  ) {
    return 'it is not signed by this node';
  }
  if (error instanceof errors.JWTClaimValidationFailed) return error.message;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'its "alg" is not ES256';
  // A trusted peer's key set (createTokenTrust) that could not be fetched: refused, not trusted.
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    !(error instanceof errors.JOSEError) ||
    error.message.startsWith('Expected 200 OK')
  ) {
    return 'the keys of its issuer cannot be fetched';
  }
  return 'it is not a valid JWT';
}
