import { decodeErrorResult, isHex } from 'viem';
import { COMMITTED_ERRORS_ABI } from '../errors/committedErrorsAbi.js';
import { ContractRevertError } from '../errors/contract.js';
import type { LedgerRequestError } from '../errors/ledger.js';

/**
 * Decodes the revert data a node returns with an `eth_call` error (anvil: code 3; Besu: -32000)
 * against every committed ABI, so that reverts bubbling up from linked contracts decode too.
 */
export function toContractRevert(
  functionName: string,
  error: LedgerRequestError,
): ContractRevertError {
  const data =
    typeof error.data === 'string' ? error.data : (error.data as { data?: unknown } | null)?.data;
  if (typeof data !== 'string' || !isHex(data) || data.length < 10) {
    return new ContractRevertError(functionName, {}, { cause: error });
  }
  const selector = data.slice(0, 10);
  try {
    const { errorName, args } = decodeErrorResult({ abi: COMMITTED_ERRORS_ABI, data });
    return new ContractRevertError(
      functionName,
      { errorName, args: args ?? [], selector },
      { cause: error },
    );
  } catch {
    return new ContractRevertError(functionName, { selector }, { cause: error });
  }
}
