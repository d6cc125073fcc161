import type { InstanceGenesisStep } from '../common/genesisStep.js';

/**
 * The Track and Trace registry's part of genesis: its admin policies and its `initialize` links.
 * - Design: DESIGN.md §4, §8
 */
export const TRACK_AND_TRACE_GENESIS: InstanceGenesisStep = {
  adminPolicies: {
    'TNT:authoriseDid': 'Authorise DIDs to create Track and Trace documents',
    'TNT:setLinks': 'Change the registry links of Track and Trace instances',
  },
  initializeArgs: (operator, links) => [operator, links.policiesRegistry, links.didRegistry],
};
