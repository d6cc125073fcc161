import type { ScopeRule, WriteTable } from '../common/writeRules.js';

/**
 * Issuers Registry scopes, and its functions with the scopes that may call them through
 * `/v1/ledger`.
 * - Spec: SPEC.md §4.4, §5.2
 */
export const ISSUERS_REGISTRY_SCOPES = {
  'issuers-registry:invite': { alone: true, didKey: false },
  'issuers-registry:write': { alone: false, didKey: false },
} as const satisfies Record<string, ScopeRule>;

type Scope = keyof typeof ISSUERS_REGISTRY_SCOPES;
const EITHER = { scopes: ['issuers-registry:invite', 'issuers-registry:write'] } as const;

export const ISSUERS_REGISTRY_WRITES: WriteTable<Scope> = {
  addIssuerProxy: EITHER,
  removeIssuerProxy: EITHER,
  updateIssuerProxy: EITHER,
  setAttributeData: EITHER,
  setAttributeMetadata: EITHER,
};
