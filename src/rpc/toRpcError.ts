import { asCoreError } from '../errors/anyCoreError.js';
import { RPC_ERRORS, type RpcErrorObject } from '../errors/rpc.js';

/**
 * Maps an error met while answering one JSON-RPC entry to its error object. The only place
 * that shapes a JSON-RPC error; one bad entry never fails the batch.
 * - Spec: SPEC.md §7.3
 * - Design: STYLE.md B4
 * @returns the error object, and whether it hides an unexpected failure worth logging.
 */
export function toRpcError(error: unknown): { error: RpcErrorObject; unexpected: boolean } {
  const internal = RPC_ERRORS.INTERNAL_ERROR.code;
  const core = asCoreError(error);
  if (core) {
    switch (core.code) {
      case 'CORE_ERR_RPC':
        return { error: core.toObject(), unexpected: false };
      case 'CORE_ERR_LEDGER_UNAVAILABLE':
      case 'CORE_ERR_EMBEDDED_LEDGER':
        return {
          error: { code: internal, message: 'The ledger is unavailable' },
          unexpected: false,
        };
      case 'CORE_ERR_LEDGER_REQUEST':
      case 'CORE_ERR_CONFIG_INVALID':
      case 'CORE_ERR_HTTP_PROBLEM':
      case 'CORE_ERR_CONTRACT_REVERT':
      case 'CORE_ERR_ENVIRONMENT':
      case 'CORE_ERR_NOT_FOUND':
      case 'CORE_ERR_OAUTH':
      case 'CORE_ERR_ACCESS_TOKEN':
        break;
    }
  }
  return {
    error: { code: internal, message: RPC_ERRORS.INTERNAL_ERROR.message },
    unexpected: true,
  };
}
