import { COMBINABLE_SCOPE, writableWith } from '../common/writeRules.js';

/**
 * The Schemas Registry scope, and its functions with the scope that may call them through
 * `/v1/ledger`.
 * - Spec: SPEC.md §4.4, §5.2
 */
export const SCHEMAS_REGISTRY_SCOPES = { 'schemas-registry:write': COMBINABLE_SCOPE } as const;

export const SCHEMAS_REGISTRY_WRITES = writableWith(
  ['schemas-registry:write'],
  ['insertSchema', 'updateSchema', 'updateMetadata'],
);
