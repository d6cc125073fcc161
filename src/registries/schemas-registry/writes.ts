import type { ScopeRule, WriteTable } from '../common/writeRules.js';

/**
 * The Schemas Registry scope, and its functions with the scope that may call them through
 * `/v1/ledger`.
 * - Spec: SPEC.md §4.4, §5.2
 */
export const SCHEMAS_REGISTRY_SCOPES = {
  'schemas-registry:write': { alone: false, didKey: false },
} as const satisfies Record<string, ScopeRule>;

type Scope = keyof typeof SCHEMAS_REGISTRY_SCOPES;
const WRITE = { scopes: ['schemas-registry:write'] } as const;

export const SCHEMAS_REGISTRY_WRITES: WriteTable<Scope> = {
  insertSchema: WRITE,
  updateSchema: WRITE,
  updateMetadata: WRITE,
};
