import type { ScopeName } from '../../auth/scopes.js';

/**
 * Timestamp functions and the scopes that may call them through `/v1/ledger` (both legs of
 * commit–reveal use `timestamp:write`).
 * - Spec: SPEC.md §4.4
 */
const WRITE: readonly ScopeName[] = ['timestamp:write'];
export const TIMESTAMP_WRITES: Readonly<Record<string, readonly ScopeName[]>> = {
  commitTimestampHashes: WRITE,
  timestampHashes: WRITE,
  timestampRecordHashes: WRITE,
  timestampVersionHashes: WRITE,
  timestampRecordVersionHashes: WRITE,
  appendRecordVersionHashes: WRITE,
  detachRecordVersionHash: WRITE,
  insertRecordVersionInfo: WRITE,
  insertRecordOwner: WRITE,
  revokeRecordOwner: WRITE,
  insertHashAlgorithm: WRITE,
  updateHashAlgorithm: WRITE,
};
