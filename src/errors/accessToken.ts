import { CoreError } from './base.js';

/**
 * An access token was refused: malformed, not signed by this node, expired, or for another
 * audience. The write gate answers JSON-RPC -32600 with this message (SPEC.md §7.3: never 401).
 */
export class AccessTokenInvalidError extends CoreError {
  static readonly code = 'CORE_ERR_ACCESS_TOKEN';
  readonly code = AccessTokenInvalidError.code;
}
