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
  const core = asCoreError(error);
  if (core) {
    switch (core.code) {
      case 'CORE_ERR_RPC':
        return { error: { code: core.rpcCode, message: core.message }, unexpected: false };
      case 'CORE_ERR_ACCESS_TOKEN':
      case 'CORE_ERR_TRANSACTION_INVALID':
      case 'CORE_ERR_WRITE_REFUSED':
        return { error: invalidRequest(core.message), unexpected: false };
      case 'CORE_ERR_INSTANCE_INVALID':
        return {
          error: invalidRequest(
            core.reason === 'unlinked'
              ? `${core.message}: its writers cannot be bound`
              : core.message,
          ),
          unexpected: false,
        };
      case 'CORE_ERR_LEDGER_UNAVAILABLE':
      case 'CORE_ERR_EMBEDDED_LEDGER':
      case 'CORE_ERR_BLOCK_NOT_REACHED':
        return { error: internal('The ledger is unavailable'), unexpected: false };
      case 'CORE_ERR_RATE_LIMITED':
        return {
          error: { code: RPC_ERRORS.RATE_LIMITED.code, message: core.message },
          unexpected: false,
        };
      case 'CORE_ERR_REQUEST_MALFORMED':
        return { error: invalidRequest(core.message), unexpected: false };
      case 'CORE_ERR_LEDGER_REQUEST':
      case 'CORE_ERR_CONFIG_INVALID':
      case 'CORE_ERR_HTTP_PROBLEM':
      case 'CORE_ERR_CONTRACT_REVERT':
      case 'CORE_ERR_ENVIRONMENT':
      case 'CORE_ERR_NOT_FOUND':
      case 'CORE_ERR_OAUTH':
      case 'CORE_ERR_SCOPE_INVALID':
      case 'CORE_ERR_TOKEN_REQUEST_INVALID':
      case 'CORE_ERR_PRESENTATION_INVALID':
      case 'CORE_ERR_CREDENTIAL_UNTRUSTED':
      case 'CORE_ERR_ENTITLEMENT_REFUSED':
      case 'CORE_ERR_REPLAY_STORE_UNAVAILABLE':
      case 'CORE_ERR_SIGNER_UNAVAILABLE':
        break;
    }
  }
  return { error: internal(RPC_ERRORS.INTERNAL_ERROR.message), unexpected: true };
}

/** A whole JSON-RPC response made of one error, for an entry whose `id` is known (or `null`). */
export function toRpcErrorResponse(
  error: unknown,
  id: string | number | null,
): { jsonrpc: '2.0'; id: string | number | null; error: RpcErrorObject } {
  return { jsonrpc: '2.0', id, error: toRpcError(error).error };
}

function invalidRequest(message: string): RpcErrorObject {
  return { code: RPC_ERRORS.INVALID_REQUEST.code, message };
}

function internal(message: string): RpcErrorObject {
  return { code: RPC_ERRORS.INTERNAL_ERROR.code, message };
}
