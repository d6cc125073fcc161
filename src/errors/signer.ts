import { CoreError } from './base.js';

/**
 * A key that lives in an HSM could not sign: the token was removed, the library failed, the
 * session was lost. The request that needed the signature fails (server error); the node keeps
 * serving and tries the HSM again on the next signature.
 * - Design: DESIGN.md §6
 */
export class SignerUnavailableError extends CoreError {
  static readonly code = 'CORE_ERR_SIGNER_UNAVAILABLE';
  readonly code = SignerUnavailableError.code;
  /** The key's PKCS#11 URI (it never carries a PIN). */
  readonly key: string;

  constructor(key: string, options: { cause?: unknown } = {}) {
    super(`The signing key "${key}" is unavailable`, options);
    this.key = key;
  }
}
