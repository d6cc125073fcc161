import { zeroAddress } from 'viem';
import { readContract } from '../../ledger/readContract.js';
import type { GenesisContext, GenesisStep } from '../common/genesisStep.js';
import { CONTRACTS_REGISTRY } from './contract.js';

/**
 * The Contracts Registry's part of genesis (it is deployed first, behind an ERC-1967 proxy, by
 * genesis itself): its admin policies, and its links to the default Policies and DID Registries.
 * - Design: DESIGN.md §4, §8
 */
export const CONTRACTS_REGISTRY_GENESIS: GenesisStep = {
  adminPolicies: {
    'TCR:manageTemplates': 'Manage registry templates, upgrades and environment defaults',
    'TCR:deployProxy': 'Deploy registry instances',
    'TCR:manageInstances': 'Activate and deactivate registry instances',
  },
  initializeArgs: (operator) => [operator],
  configure: linkRegistries,
};

async function linkRegistries(context: GenesisContext): Promise<void> {
  const { ledger, instance, links, burst } = context;
  const { abi } = CONTRACTS_REGISTRY;
  const linked = await readContract(ledger, {
    address: instance,
    abi,
    functionName: 'policiesRegistry',
  });
  if (linked !== zeroAddress) return;
  burst.call('setRegistryLinks', instance, abi, 'setRegistryLinks', [
    links.policiesRegistry,
    links.didRegistry,
  ]);
}
