import { CoreError } from './base.js';

/** The OAuth error codes the token endpoint answers with (SPEC.md §5.4.5, DESIGN.md §6). */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_scope',
  'invalid_grant',
  'server_error',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

/**
 * An error of the token endpoint, sent as `{ error, error_description }` at HTTP 400 (every
 * case, `server_error` included: SPEC.md §5.4.5).
 */
export class OAuthError extends CoreError {
  static readonly code = 'CORE_ERR_OAUTH';
  readonly code = OAuthError.code;
  readonly error: OAuthErrorCode;

  /** @param description What failed, precisely: it becomes `error_description`. */
  constructor(error: OAuthErrorCode, description: string, options: { cause?: unknown } = {}) {
    super(description, options);
    this.error = error;
  }
}
