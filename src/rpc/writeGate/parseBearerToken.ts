import { AccessTokenInvalidError } from '../../errors/accessToken.js';
import { WRITE_METHOD } from '../methods.js';

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Reads the access token of an `Authorization: Bearer` header.
 * - Spec: SPEC.md §4.3.3, §7.3 (a missing token is -32600 at HTTP 200, never 401)
 * @throws {AccessTokenInvalidError} when the header is missing or not a bearer token.
 */
export function parseBearerToken(authorization: string | undefined): string {
  const match = authorization === undefined ? null : BEARER.exec(authorization.trim());
  if (!match?.[1]) {
    throw new AccessTokenInvalidError(
      `Missing access token: "${WRITE_METHOD}" requires "Authorization: Bearer <token>"`,
    );
  }
  return match[1];
}
