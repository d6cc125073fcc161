import type { InstanceGenesisStep } from '../common/genesisStep.js';

/**
 * The Timestamp's part of genesis: its admin policies and its `initialize` links.
 * - Design: DESIGN.md §4, §8
 */
export const TIMESTAMP_GENESIS: InstanceGenesisStep = {
  adminPolicies: {
    'TS:insertHashAlgorithm': 'Insert hash algorithms',
    'TS:updateHashAlgorithm': 'Update hash algorithms',
  },
  initializeArgs: (_operator, links) => [links.policiesRegistry],
};
