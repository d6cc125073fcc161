import { zeroAddress } from 'viem';
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
  configure: linkRegistries,
};

async function linkRegistries(context: GenesisContext): Promise<void> {
  const { instance, links, burst } = context;
  const { abi } = CONTRACTS_REGISTRY;
  if ((await context.read({ abi, functionName: 'policiesRegistry' })) !== zeroAddress) return;
  burst.call('setRegistryLinks', instance, abi, 'setRegistryLinks', [
    links.policiesRegistry,
    links.didRegistry,
  ]);
}
