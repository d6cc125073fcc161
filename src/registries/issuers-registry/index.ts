// The issuers-registry slice's entry point: its descriptor, the only name the rest of the node imports.
import { defineRegistry } from '../common/registryDescriptor.js';
import { ISSUERS_REGISTRY } from './contract.js';
import { ISSUERS_REGISTRY_GENESIS } from './genesis.js';
import { issuersRegistryRoutes } from './routes.js';
import { ISSUERS_REGISTRY_SCOPES, ISSUERS_REGISTRY_WRITES } from './writes.js';

/**
 * The Issuers Registry: contract, REST reads, scopes, write rules and genesis step.
 * - Spec: SPEC.md §4, §4.4, §5.2
 */
export const issuersRegistryDescriptor = defineRegistry({
  name: 'issuers-registry',
  contract: ISSUERS_REGISTRY,
  role: 'issuers',
  routes: issuersRegistryRoutes,
  scopes: ISSUERS_REGISTRY_SCOPES,
  writes: ISSUERS_REGISTRY_WRITES,
  holders: 'linked',
  genesis: ISSUERS_REGISTRY_GENESIS,
});
