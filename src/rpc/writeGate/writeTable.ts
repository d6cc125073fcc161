import type { ScopeName } from '../../auth/scopes.js';
import type { RegistryName } from '../../ledger/registryCatalog.js';
import { DID_REGISTRY_WRITES } from '../../registries/did-registry/writes.js';
import { ISSUERS_REGISTRY_WRITES } from '../../registries/issuers-registry/writes.js';
import { POLICIES_REGISTRY_WRITES } from '../../registries/policies-registry/writes.js';
import { SCHEMAS_REGISTRY_WRITES } from '../../registries/schemas-registry/writes.js';
import { TIMESTAMP_WRITES } from '../../registries/timestamp/writes.js';
import { TRACK_AND_TRACE_WRITES } from '../../registries/track-and-trace/writes.js';

/**
 * The one table of SPEC.md §4.4: for each registry, each writable function and the scopes that
 * may call it. Functions absent from it (views, admin links) are never forwarded for a registry
 * scope. `docs/writes.md` is rendered from it.
 */
export const WRITE_TABLE: Readonly<
  Record<RegistryName, Readonly<Record<string, readonly ScopeName[]>>>
> = {
  'did-registry': DID_REGISTRY_WRITES,
  'issuers-registry': ISSUERS_REGISTRY_WRITES,
  'policies-registry': POLICIES_REGISTRY_WRITES,
  'schemas-registry': SCHEMAS_REGISTRY_WRITES,
  timestamp: TIMESTAMP_WRITES,
  'track-and-trace': TRACK_AND_TRACE_WRITES,
};
