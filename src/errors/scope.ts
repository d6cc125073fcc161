import { CoreError } from './base.js';

/**
 * Why a `scope` value was refused: `missing` (absent or blank), `instance-missing`
 * (`ledger:invoke` without its address), `malformed` (not `openid` first, nothing besides it),
 * `unsupported` (unknown, legacy or with a bad address) or `combination` (repeated, or an
 * alone-only scope combined).
 */
export type ScopeProblem =
  | 'missing'
  | 'instance-missing'
  | 'malformed'
  | 'unsupported'
  | 'combination';

/**
 * A `scope` value (a token request's, a DCQL query's, or an access token's) cannot be granted as
 * written. The token endpoint answers `invalid_request` or `invalid_scope`, REST a validation
 * error on the `scope` parameter.
 * - Spec: SPEC.md §5.2, §5.3
 */
export class ScopeInvalidError extends CoreError {
  static readonly code = 'CORE_ERR_SCOPE_INVALID';
  readonly code = ScopeInvalidError.code;
  readonly reason: ScopeProblem;

  /** @param message Which rule the value breaks, naming the scope at fault. */
  constructor(reason: ScopeProblem, message: string) {
    super(message);
    this.reason = reason;
  }
}
