// The schemas-registry slice's entry point: its descriptor, the only name the rest of the node imports.
import { defineRegistry } from '../common/registryDescriptor.js';
import { SCHEMAS_REGISTRY } from './contract.js';
import { SCHEMAS_REGISTRY_GENESIS } from './genesis.js';
import { schemasRegistryRoutes } from './routes.js';
import { SCHEMAS_REGISTRY_SCOPES, SCHEMAS_REGISTRY_WRITES } from './writes.js';

/**
 * The Schemas Registry: contract, REST reads, scopes, write rules and genesis step.
 * - Spec: SPEC.md §4, §4.4, §5.2
 */
export const schemasRegistryDescriptor = defineRegistry({
  name: 'schemas-registry',
  contract: SCHEMAS_REGISTRY,
  routes: schemasRegistryRoutes,
  scopes: SCHEMAS_REGISTRY_SCOPES,
  writes: SCHEMAS_REGISTRY_WRITES,
  holders: 'default',
  genesis: SCHEMAS_REGISTRY_GENESIS,
});
