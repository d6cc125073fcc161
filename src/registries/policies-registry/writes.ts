import { COMBINABLE_SCOPE, writableWith } from '../common/writeRules.js';

/**
 * The Policies Registry scope, and its functions with the scope that may call them through
 * `/v1/ledger`.
 * - Spec: SPEC.md §4.4, §5.2
 */
export const POLICIES_REGISTRY_SCOPES = { 'policies-registry:write': COMBINABLE_SCOPE } as const;

export const POLICIES_REGISTRY_WRITES = writableWith(
  ['policies-registry:write'],
  [
    'insertPolicy',
    'updatePolicy',
    'activatePolicy',
    'deactivatePolicy',
    'insertUserAttributes',
    'deleteUserAttributes',
  ],
);
