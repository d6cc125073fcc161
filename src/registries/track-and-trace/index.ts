// The track-and-trace slice's entry point: its descriptor, the only name the rest of the node imports.
import { defineRegistry } from '../common/registryDescriptor.js';
import { TRACK_AND_TRACE } from './contract.js';
import { TRACK_AND_TRACE_GENESIS } from './genesis.js';
import { trackAndTraceRoutes } from './routes.js';
import { TRACK_AND_TRACE_SCOPES, TRACK_AND_TRACE_WRITES } from './writes.js';

/**
 * The Track and Trace registry: contract, REST reads, scopes, write rules and genesis step.
 * - Spec: SPEC.md §4, §4.4, §5.2
 */
export const trackAndTraceDescriptor = defineRegistry({
  name: 'track-and-trace',
  contract: TRACK_AND_TRACE,
  routes: trackAndTraceRoutes,
  scopes: TRACK_AND_TRACE_SCOPES,
  writes: TRACK_AND_TRACE_WRITES,
  holders: 'linked',
  genesis: TRACK_AND_TRACE_GENESIS,
});
