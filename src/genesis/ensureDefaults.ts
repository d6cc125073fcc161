import { type Address, encodeFunctionData, getContractAddress, type Hex, zeroAddress } from 'viem';
import { readContract } from '../ledger/readContract.js';
import {
  CONTRACTS_REGISTRY_DESCRIPTOR,
  descriptorOf,
  REGISTRY_NAMES,
  type RegistryName,
} from '../registries/catalog.js';
import { burstOf, type GenesisRun } from './genesisRun.js';
import { initializeArgs } from './initializeArgs.js';

const CONTRACTS_REGISTRY = CONTRACTS_REGISTRY_DESCRIPTOR.contract;

/**
 * Makes sure every registry has its default instance, deployed through the Contracts Registry and
 * linked (at `initialize`) to the defaults before it in genesis order.
 * - Design: DESIGN.md §4, §8
 * @returns the default instance of each registry.
 */
export async function ensureDefaults(
  context: GenesisRun,
  contractsRegistry: Address,
): Promise<Record<RegistryName, Address>> {
  const { ledger, operator } = context;
  const defaults = {} as Record<RegistryName, Address>;
  for (const name of REGISTRY_NAMES) {
    defaults[name] = (await readContract(ledger, {
      address: contractsRegistry,
      abi: CONTRACTS_REGISTRY.abi,
      functionName: 'defaultInstance',
      args: [descriptorOf(name).contract.type],
    })) as Address;
  }
  // Each deployInstance makes exactly one CREATE from the Contracts Registry, so the instance
  // addresses follow from its nonce and later instances can be linked in the same burst.
  let nonce = Number(
    await ledger.request<Hex>('eth_getTransactionCount', [contractsRegistry, 'latest']),
  );
  const burst = await burstOf(context);
  const planned: RegistryName[] = [];
  for (const name of REGISTRY_NAMES) {
    if (defaults[name] !== zeroAddress) continue;
    const instance = getContractAddress({ from: contractsRegistry, nonce: BigInt(nonce++) });
    const { abi, type, contractName } = descriptorOf(name).contract;
    const initData = encodeFunctionData({
      abi,
      functionName: 'initialize',
      args: initializeArgs(name, operator.address, defaults),
    } as never);
    burst.call(
      `deployInstance ${contractName}`,
      contractsRegistry,
      CONTRACTS_REGISTRY.abi,
      'deployInstance',
      [type, initData, operator.did],
    );
    burst.call(
      `setDefaultInstance ${contractName}`,
      contractsRegistry,
      CONTRACTS_REGISTRY.abi,
      'setDefaultInstance',
      [instance],
    );
    defaults[name] = instance;
    planned.push(name);
  }
  if (planned.length > 0) {
    context.log(`deploying the default instances: ${planned.join(', ')}`);
    await burst.send();
  }
  return defaults;
}
