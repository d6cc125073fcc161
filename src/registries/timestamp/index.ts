// The timestamp slice's entry point: its descriptor, the only name the rest of the node imports.
import { defineRegistry } from '../common/registryDescriptor.js';
import { TIMESTAMP } from './contract.js';
import { TIMESTAMP_GENESIS } from './genesis.js';
import { timestampRoutes } from './routes.js';
import { TIMESTAMP_SCOPES, TIMESTAMP_WRITES } from './writes.js';

/**
 * The Timestamp registry: contract, REST reads, scopes, write rules and genesis step.
 * - Spec: SPEC.md §4, §4.4, §5.2
 */
export const timestampDescriptor = defineRegistry({
  name: 'timestamp',
  contract: TIMESTAMP,
  routes: timestampRoutes,
  scopes: TIMESTAMP_SCOPES,
  writes: TIMESTAMP_WRITES,
  holders: 'default',
  genesis: TIMESTAMP_GENESIS,
});
