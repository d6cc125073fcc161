import { COMBINABLE_SCOPE, type ScopeRule, writableWith } from '../common/writeRules.js';

/**
 * Issuers Registry scopes, and its functions with the scopes that may call them through
 * `/v1/ledger`.
 * - Spec: SPEC.md §4.4, §5.2
 */
export const ISSUERS_REGISTRY_SCOPES = {
  'issuers-registry:invite': { alone: true, didKey: false },
  'issuers-registry:write': COMBINABLE_SCOPE,
} as const satisfies Record<string, ScopeRule>;

export const ISSUERS_REGISTRY_WRITES = writableWith(
  ['issuers-registry:invite', 'issuers-registry:write'],
  [
    'addIssuerProxy',
    'removeIssuerProxy',
    'updateIssuerProxy',
    'setAttributeData',
    'setAttributeMetadata',
  ],
);
