import type { ScopeRule, WriteTable } from '../common/writeRules.js';

/**
 * The Timestamp scope, and its functions with the scope that may call them through `/v1/ledger`
 * (both legs of commit–reveal use `timestamp:write`).
 * - Spec: SPEC.md §4.4, §5.2
 */
export const TIMESTAMP_SCOPES = {
  'timestamp:write': { alone: false, didKey: false },
} as const satisfies Record<string, ScopeRule>;

type Scope = keyof typeof TIMESTAMP_SCOPES;
const WRITE = { scopes: ['timestamp:write'] } as const;

export const TIMESTAMP_WRITES: WriteTable<Scope> = {
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
