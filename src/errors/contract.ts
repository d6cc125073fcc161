import { CoreError } from './base.js';

/**
 * A contract call reverted. Decoded once, in `ledger/`, against the committed ABIs: callers map
 * `errorName` to their own errors (a REST 404, an OAuth `invalid_grant`, …).
 */
export class ContractRevertError extends CoreError {
  static readonly code = 'CORE_ERR_CONTRACT_REVERT';
  readonly code = ContractRevertError.code;
  /** The custom error's name, or `undefined` when the revert data matches no known error. */
  readonly errorName: string | undefined;
  /** The custom error's decoded arguments. */
  readonly args: readonly unknown[];
  /** The first four bytes of the revert data, when any. */
  readonly selector: string | undefined;

  constructor(
    functionName: string,
    revert: {
      errorName?: string | undefined;
      args?: readonly unknown[];
      selector?: string | undefined;
    },
    options: { cause?: unknown } = {},
  ) {
    super(
      `The contract call "${functionName}" reverted${revert.errorName ? ` with ${revert.errorName}` : ''}`,
      options,
    );
    this.errorName = revert.errorName;
    this.args = revert.args ?? [];
    this.selector = revert.selector;
  }
}

/** Whether `error` is a contract revert with one of these custom error names. */
export function isRevertOf(error: unknown, ...errorNames: string[]): error is ContractRevertError {
  return error instanceof ContractRevertError && errorNames.includes(error.errorName ?? '');
}
