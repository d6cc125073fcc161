import { CoreError } from './base.js';

/**
 * The environment (chain id and registry addresses) is missing, malformed, on another chain, or
 * could not be created. Raised at boot or by `core-registry deploy`, never at request time.
 */
export class EnvironmentError extends CoreError {
  static readonly code = 'CORE_ERR_ENVIRONMENT';
  readonly code = EnvironmentError.code;
}
