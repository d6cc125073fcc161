import { asCoreError } from '../errors/anyCoreError.js';
import type { PresentationProblem } from '../errors/auth.js';
import { OAuthError, type OAuthErrorCode } from '../errors/oauth.js';
import { toRequestMalformed } from '../http/frameworkErrors.js';

/** The body of an OAuth error response (RFC 6749 §5.2). */
export type OAuthErrorBody = { error: OAuthError['error']; error_description: string };

/**
 * Maps any error met by the token endpoint to the OAuth error it answers with: the only place
 * that shapes one. Unexpected failures become `server_error` with a fixed text.
 * - Spec: SPEC.md §5.4.5
 * - Design: STYLE.md B4
 * @returns the error, its response body, and whether it hides an unexpected failure worth logging.
 */
export function toOAuthError(
  error: unknown,
  context: { bodyLimit?: number | undefined } = {},
): {
  error: OAuthError;
  body: OAuthErrorBody;
  unexpected: boolean;
} {
  const { error: oauth, unexpected } = classify(error, context);
  return {
    error: oauth,
    body: { error: oauth.error, error_description: oauth.message },
    unexpected,
  };
}

function classify(
  error: unknown,
  context: { bodyLimit?: number | undefined },
): { error: OAuthError; unexpected: boolean } {
  const core = asCoreError(error) ?? toRequestMalformed(error, context);
  if (core) {
    switch (core.code) {
      case 'CORE_ERR_OAUTH':
        return { error: core, unexpected: false };
      case 'CORE_ERR_NOT_FOUND':
      case 'CORE_ERR_ENTITLEMENT_REFUSED':
        return expected('invalid_grant', core);
      case 'CORE_ERR_PRESENTATION_INVALID':
      case 'CORE_ERR_CREDENTIAL_UNTRUSTED':
        return expected(jwtRefusalCode(core.reason), core);
      case 'CORE_ERR_SCOPE_INVALID':
        return expected(
          core.reason === 'missing' || core.reason === 'instance-missing'
            ? 'invalid_request'
            : 'invalid_scope',
          core,
        );
      case 'CORE_ERR_TOKEN_REQUEST_INVALID':
      case 'CORE_ERR_INSTANCE_INVALID':
      case 'CORE_ERR_HTTP_PROBLEM':
      case 'CORE_ERR_REQUEST_MALFORMED':
      case 'CORE_ERR_RATE_LIMITED':
        return expected('invalid_request', core);
      case 'CORE_ERR_LEDGER_UNAVAILABLE':
      case 'CORE_ERR_EMBEDDED_LEDGER':
      case 'CORE_ERR_BLOCK_NOT_REACHED':
        return expected(
          'server_error',
          core,
          'The registries cannot be read: the ledger is unavailable',
        );
      case 'CORE_ERR_REPLAY_STORE_UNAVAILABLE':
        // Fail closed: without the store nobody can tell whether the presentation was used.
        return expected(
          'server_error',
          core,
          'Single use of the presentation cannot be checked: the replay store is unavailable',
        );
      case 'CORE_ERR_SIGNER_UNAVAILABLE':
        return expected(
          'server_error',
          core,
          'The access token cannot be signed: the signing key is unavailable',
        );
      case 'CORE_ERR_ACCESS_TOKEN':
      case 'CORE_ERR_CONFIG_INVALID':
      case 'CORE_ERR_CONTRACT_REVERT':
      case 'CORE_ERR_ENVIRONMENT':
      case 'CORE_ERR_LEDGER_REQUEST':
      case 'CORE_ERR_RPC':
      case 'CORE_ERR_TRANSACTION_INVALID':
      case 'CORE_ERR_WRITE_REFUSED':
        break;
    }
  }
  return {
    error: new OAuthError('server_error', 'The token request could not be processed', {
      cause: error,
    }),
    unexpected: true,
  };
}

/**
 * A presentation or credential that is not what the request must carry (`malformed`,
 * `unsupported`) is the request's fault; one that fails verification or trust, the grant's
 * (DESIGN.md §6).
 */
function jwtRefusalCode(reason: PresentationProblem): OAuthErrorCode {
  return reason === 'malformed' || reason === 'unsupported' ? 'invalid_request' : 'invalid_grant';
}

function expected(
  code: OAuthError['error'],
  cause: Error,
  description = cause.message,
): { error: OAuthError; unexpected: boolean } {
  return { error: new OAuthError(code, description, { cause }), unexpected: false };
}
