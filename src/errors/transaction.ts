import { CoreError } from './base.js';

/**
 * A raw transaction sent to `/v1/ledger` is refused before any rule is applied: another type, a
 * contract creation, no replay protection, another chain, a malformed or high-S signature.
 * - Spec: SPEC.md §4.3.3
 */
export class TransactionInvalidError extends CoreError {
  static readonly code = 'CORE_ERR_TRANSACTION_INVALID';
  readonly code = TransactionInvalidError.code;
  /** What is wrong with the transaction, as the end of a sentence. */
  readonly reason: string;

  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(`Invalid transaction: ${reason}`, options);
    this.reason = reason;
  }
}
