// The policies-registry slice's entry point: its descriptor, the only name the rest of the node imports.
import { defineRegistry } from '../common/registryDescriptor.js';
import { POLICIES_REGISTRY } from './contract.js';
import { POLICIES_REGISTRY_GENESIS } from './genesis.js';
import { policiesRegistryRoutes } from './routes.js';
import { POLICIES_REGISTRY_SCOPES, POLICIES_REGISTRY_WRITES } from './writes.js';

/**
 * The Policies Registry: contract, REST reads, scopes, write rules and genesis step.
 * - Spec: SPEC.md §4, §4.4, §5.2
 */
export const policiesRegistryDescriptor = defineRegistry({
  name: 'policies-registry',
  contract: POLICIES_REGISTRY,
  role: 'policies',
  routes: policiesRegistryRoutes,
  scopes: POLICIES_REGISTRY_SCOPES,
  writes: POLICIES_REGISTRY_WRITES,
  holders: 'default',
  genesis: POLICIES_REGISTRY_GENESIS,
});
