import { COMBINABLE_SCOPE, writableWith } from '../common/writeRules.js';

/**
 * The Timestamp scope, and its functions with the scope that may call them through `/v1/ledger`
 * (both legs of commit–reveal use `timestamp:write`).
 * - Spec: SPEC.md §4.4, §5.2
 */
export const TIMESTAMP_SCOPES = { 'timestamp:write': COMBINABLE_SCOPE } as const;

export const TIMESTAMP_WRITES = writableWith(
  ['timestamp:write'],
  [
    'commitTimestampHashes',
    'timestampHashes',
    'timestampRecordHashes',
    'timestampVersionHashes',
    'timestampRecordVersionHashes',
    'appendRecordVersionHashes',
    'detachRecordVersionHash',
    'insertRecordVersionInfo',
    'insertRecordOwner',
    'revokeRecordOwner',
    'insertHashAlgorithm',
    'updateHashAlgorithm',
  ],
);
