// The did-registry slice's entry point: its descriptor, the only name the rest of the node imports.
import { defineRegistry } from '../common/registryDescriptor.js';
import { DID_REGISTRY } from './contract.js';
import { DID_REGISTRY_GENESIS } from './genesis.js';
import { didRegistryRoutes } from './routes.js';
import { DID_REGISTRY_SCOPES, DID_REGISTRY_WRITES } from './writes.js';

/**
 * The DID Registry: contract, REST reads, scopes, write rules and genesis step.
 * - Spec: SPEC.md §4, §4.4, §5.2
 */
export const didRegistryDescriptor = defineRegistry({
  name: 'did-registry',
  contract: DID_REGISTRY,
  role: 'dids',
  routes: didRegistryRoutes,
  scopes: DID_REGISTRY_SCOPES,
  writes: DID_REGISTRY_WRITES,
  holders: 'self',
  genesis: DID_REGISTRY_GENESIS,
});
