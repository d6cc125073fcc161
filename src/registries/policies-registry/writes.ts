import type { ScopeRule, WriteTable } from '../common/writeRules.js';

/**
 * The Policies Registry scope, and its functions with the scope that may call them through
 * `/v1/ledger`.
 * - Spec: SPEC.md §4.4, §5.2
 */
export const POLICIES_REGISTRY_SCOPES = {
  'policies-registry:write': { alone: false, didKey: false },
} as const satisfies Record<string, ScopeRule>;

type Scope = keyof typeof POLICIES_REGISTRY_SCOPES;
const WRITE = { scopes: ['policies-registry:write'] } as const;

export const POLICIES_REGISTRY_WRITES: WriteTable<Scope> = {
  insertPolicy: WRITE,
  updatePolicy: WRITE,
  activatePolicy: WRITE,
  deactivatePolicy: WRITE,
  insertUserAttributes: WRITE,
  deleteUserAttributes: WRITE,
};
