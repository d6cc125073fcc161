import { CoreError } from './base.js';

/** The ledger node could not be reached, or did not answer in time. REST maps it to 503. */
export class LedgerUnavailableError extends CoreError {
  static readonly code = 'CORE_ERR_LEDGER_UNAVAILABLE';
  readonly code = LedgerUnavailableError.code;

  constructor(options: { cause?: unknown } = {}) {
    super('The ledger is unavailable', options);
  }
}

/**
 * The ledger no longer holds the state of the block a read was pinned to: a newer block replaced
 * it (the embedded ledger keeps the state of its head only; Besu prunes old states). The request
 * is answered again at the new head; when that keeps failing it is an unavailable ledger (503).
 */
export class BlockStateGoneError extends LedgerUnavailableError {}

/**
 * A request asked for a block (`Min-Block`) that the ledger this node reads has not reached in
 * the time the node waits for it. REST maps it to 503 with `Retry-After`.
 */
export class BlockNotReachedError extends CoreError {
  static readonly code = 'CORE_ERR_BLOCK_NOT_REACHED';
  readonly code = BlockNotReachedError.code;
  /** The block asked for. */
  readonly minBlock: bigint;
  /** The ledger's head when the node gave up waiting. */
  readonly head: bigint;

  constructor(minBlock: bigint, head: bigint) {
    super(`The ledger has not reached block ${minBlock} yet (its head is block ${head})`);
    this.minBlock = minBlock;
    this.head = head;
  }
}

/** The ledger node answered a JSON-RPC call with an error object. */
export class LedgerRequestError extends CoreError {
  static readonly code = 'CORE_ERR_LEDGER_REQUEST';
  readonly code = LedgerRequestError.code;
  /** The JSON-RPC method that failed. */
  readonly method: string;
  /** The node's JSON-RPC error code. */
  readonly rpcCode: number;
  /** The node's `error.data`, for instance revert data of an `eth_call`. */
  readonly data: unknown;

  constructor(
    method: string,
    error: { code: number; message: string; data?: unknown },
    options: { cause?: unknown } = {},
  ) {
    super(`The ledger rejected "${method}": ${error.message}`, options);
    this.method = method;
    this.rpcCode = error.code;
    this.data = error.data;
  }
}

/** The embedded ledger process could not be started or kept running. */
export class EmbeddedLedgerError extends CoreError {
  static readonly code = 'CORE_ERR_EMBEDDED_LEDGER';
  readonly code = EmbeddedLedgerError.code;
}
