import type { ScopeName } from '../../auth/scopes.js';

/**
 * Policies Registry functions and the scopes that may call them through `/v1/ledger`.
 * - Spec: SPEC.md §4.4
 */
const WRITE: readonly ScopeName[] = ['policies-registry:write'];
export const POLICIES_REGISTRY_WRITES: Readonly<Record<string, readonly ScopeName[]>> = {
  insertPolicy: WRITE,
  updatePolicy: WRITE,
  activatePolicy: WRITE,
  deactivatePolicy: WRITE,
  insertUserAttributes: WRITE,
  deleteUserAttributes: WRITE,
};
