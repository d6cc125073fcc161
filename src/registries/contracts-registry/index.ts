// The contracts-registry slice's entry point: the registry of registry instances.
import type { RegistrySlice } from '../common/registryDescriptor.js';
import { CONTRACTS_REGISTRY } from './contract.js';
import { CONTRACTS_REGISTRY_GENESIS } from './genesis.js';
import { contractsRegistryRoutes } from './routes.js';

/**
 * The Contracts Registry: templates, the instance factory and the environment defaults. One per
 * environment (deployed first by genesis), so it has no scopes and no writes through `/v1/ledger`.
 * - Spec: SPEC.md §1, §4.1
 */
export const contractsRegistryDescriptor = {
  name: 'contracts-registry',
  contract: CONTRACTS_REGISTRY,
  routes: contractsRegistryRoutes,
  genesis: CONTRACTS_REGISTRY_GENESIS,
} as const satisfies RegistrySlice<'contracts-registry'>;
