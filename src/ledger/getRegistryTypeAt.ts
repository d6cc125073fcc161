import { type Address, type Hex, isHex } from 'viem';
import { ContractRevertError } from '../errors/contract.js';
import type { LedgerClient } from './createLedgerClient.js';
import { readContract } from './readContract.js';
import { CONTRACTS_REGISTRY } from './registryCatalog.js';
import { REGISTRY_VIEWS_ABI } from './registryViewsAbi.js';

/** What is at an address: nothing, a contract that is no registry, or a registry of some type. */
export type ContractKind =
  | { kind: 'none' }
  | { kind: 'contract' }
  | { kind: 'registry'; type: Hex };

/**
 * Tells what is deployed at `address`: no code, a contract without `registryType()`, or a
 * registry and its type (DESIGN.md §4 "Type identity").
 * @throws {LedgerUnavailableError} when the ledger cannot be reached.
 */
export async function getRegistryTypeAt(
  ledger: LedgerClient,
  address: Address,
): Promise<ContractKind> {
  const code = await ledger.request<Hex>('eth_getCode', [address, 'latest']);
  if (code === '0x') return { kind: 'none' };
  try {
    const type = await readContract(ledger, {
      address,
      abi: REGISTRY_VIEWS_ABI,
      functionName: 'registryType',
    });
    return isHex(type) ? { kind: 'registry', type } : { kind: 'contract' };
  } catch (error) {
    // Any revert, or an answer that does not decode, means "not one of ours".
    if (error instanceof ContractRevertError || (error as Error).name?.startsWith('Abi'))
      return { kind: 'contract' };
    throw error;
  }
}

/**
 * Whether `address` was deployed through the Contracts Registry (SPEC.md §5.3.4: a scope may target
 * only registered instances, or the environment defaults).
 */
export async function isRegisteredInstance(
  ledger: LedgerClient,
  contractsRegistry: Address,
  address: Address,
): Promise<boolean> {
  return readContract(ledger, {
    address: contractsRegistry,
    abi: CONTRACTS_REGISTRY.abi,
    functionName: 'isRegisteredInstance',
    args: [address],
  }) as Promise<boolean>;
}
