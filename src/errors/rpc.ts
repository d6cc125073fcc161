import { CoreError } from './base.js';

/**
 * JSON-RPC error codes the ledger endpoint emits itself, with the HTTP status each travels in.
 * - Spec: SPEC.md §7.3
 */
export const RPC_ERRORS = {
  PARSE_ERROR: { code: -32700, status: 400, message: 'Parse error' },
  INVALID_REQUEST: { code: -32600, status: 200, message: 'Invalid Request' },
  METHOD_NOT_FOUND: { code: -32601, status: 200, message: 'Method not found' },
  INVALID_PARAMS: { code: -32602, status: 200, message: 'Invalid params' },
  INTERNAL_ERROR: { code: -32603, status: 200, message: 'Internal error' },
  BATCH_TOO_LARGE: {
    code: -32005,
    status: 200,
    message: 'Number of requests exceeds max batch size',
  },
  LIMIT_EXCEEDED: { code: -32005, status: 200, message: 'Limit exceeded' },
  RATE_LIMITED: { code: -32005, status: 429, message: 'Too many requests' },
} as const;

export type RpcErrorKind = keyof typeof RPC_ERRORS;

/** A JSON-RPC error as it goes on the wire. */
export type RpcErrorObject = { code: number; message: string; data?: unknown };

/** An error to be answered as a JSON-RPC error object. */
export class RpcError extends CoreError {
  static readonly code = 'CORE_ERR_RPC';
  readonly code = RpcError.code;
  readonly kind: RpcErrorKind;

  constructor(kind: RpcErrorKind, message?: string, options: { cause?: unknown } = {}) {
    super(message ?? RPC_ERRORS[kind].message, options);
    this.kind = kind;
  }

  get rpcCode(): number {
    return RPC_ERRORS[this.kind].code;
  }

  /** The HTTP status of a response made only of this error. */
  get status(): number {
    return RPC_ERRORS[this.kind].status;
  }
}
