import { RpcError } from '../../errors/rpc.js';
import { WRITE_METHOD } from '../methods.js';

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Reads the access token of an `Authorization: Bearer` header.
 * - Spec: SPEC.md §4.3.3, §7.3 (a missing token is -32600 at HTTP 200, never 401)
 * @throws {RpcError} `INVALID_REQUEST` when the header is missing or not a bearer token.
 */
export function parseBearerToken(authorization: string | undefined): string {
  const match = authorization === undefined ? null : BEARER.exec(authorization.trim());
  if (!match?.[1]) {
    throw new RpcError(
      'INVALID_REQUEST',
      `Missing access token: "${WRITE_METHOD}" requires "Authorization: Bearer <token>"`,
    );
  }
  return match[1];
}
