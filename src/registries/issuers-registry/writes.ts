import type { ScopeName } from '../../auth/scopes.js';

/**
 * Issuers Registry functions and the scopes that may call them through `/v1/ledger`.
 * - Spec: SPEC.md §4.4
 */
const EITHER: readonly ScopeName[] = ['issuers-registry:invite', 'issuers-registry:write'];
export const ISSUERS_REGISTRY_WRITES: Readonly<Record<string, readonly ScopeName[]>> = {
  addIssuerProxy: EITHER,
  removeIssuerProxy: EITHER,
  updateIssuerProxy: EITHER,
  setAttributeData: EITHER,
  setAttributeMetadata: EITHER,
};
