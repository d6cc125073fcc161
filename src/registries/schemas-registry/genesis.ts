import type { InstanceGenesisStep } from '../common/genesisStep.js';

/**
 * The Schemas Registry's part of genesis: its admin policies and its `initialize` links.
 * - Design: DESIGN.md §4, §8
 */
export const SCHEMAS_REGISTRY_GENESIS: InstanceGenesisStep = {
  adminPolicies: {
    'TSR:insertSchema': 'Insert schemas',
    'TSR:updateSchema': 'Add schema revisions',
    'TSR:updateMetadata': 'Add schema revision metadata',
  },
  initializeArgs: (_operator, links) => [links.policiesRegistry],
};
