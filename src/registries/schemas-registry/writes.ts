import type { ScopeName } from '../../auth/scopes.js';

/**
 * Schemas Registry functions and the scopes that may call them through `/v1/ledger`.
 * - Spec: SPEC.md §4.4
 */
const WRITE: readonly ScopeName[] = ['schemas-registry:write'];
export const SCHEMAS_REGISTRY_WRITES: Readonly<Record<string, readonly ScopeName[]>> = {
  insertSchema: WRITE,
  updateSchema: WRITE,
  updateMetadata: WRITE,
};
