import {
  type Abi,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  numberToHex,
} from 'viem';
import { ContractRevertError } from '../errors/contract.js';
import { LedgerRequestError } from '../errors/ledger.js';
import type { ReadonlyFunction, ViewCall } from './createChainReader.js';
import type { LedgerClient } from './createLedgerClient.js';
import { toContractRevert } from './toContractRevert.js';

/** A view call (as the chain reader's) and the block to read at, the latest when absent. */
export type ReadContractParameters<
  abi extends Abi,
  functionName extends ContractFunctionName<abi, ReadonlyFunction>,
  args extends ContractFunctionArgs<abi, ReadonlyFunction, functionName>,
> = ViewCall<abi, functionName, args> & { blockNumber?: bigint };

/**
 * Calls a view of a contract with `eth_call` (standard JSON-RPC) and decodes its result.
 * @throws {ContractRevertError} when the call reverts; its custom error is decoded against every
 *   committed ABI.
 * @throws {LedgerUnavailableError} when the ledger cannot be reached.
 */
export async function readContract<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, ReadonlyFunction>,
  const args extends ContractFunctionArgs<abi, ReadonlyFunction, functionName>,
>(
  ledger: LedgerClient,
  parameters: ReadContractParameters<abi, functionName, args>,
): Promise<ContractFunctionReturnType<abi, ReadonlyFunction, functionName, args>> {
  const { address, abi, functionName, args, blockNumber } = parameters;
  const data = encodeFunctionData({ abi, functionName, args } as never);
  const block = blockNumber === undefined ? 'latest' : numberToHex(blockNumber);
  let result: Hex;
  try {
    result = await ledger.request<Hex>('eth_call', [{ to: address, data }, block]);
  } catch (error) {
    if (error instanceof LedgerRequestError) throw toContractRevert(functionName, error);
    throw error;
  }
  if (result === '0x') throw new ContractRevertError(functionName, {});
  return decodeFunctionResult({ abi, functionName, args, data: result } as never) as never;
}
