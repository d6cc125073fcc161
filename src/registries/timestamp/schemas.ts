import { collectionSchema } from '../../http/pagination.js';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';
import { ADDRESS, linkItem, listResponse, objectResponse } from '../common/schemas.js';

/** Request and response schemas of the Timestamp reads (reference/read-api.md §3.6). */

const HEX = { type: 'string', pattern: '^0x([0-9a-f]{2})*$' } as const;
const UINT = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const TIMESTAMP_ID_FORM =
  'multibase base64url ("u…") of the sha2-256 multihash (0x12 0x20 ‖ 32 bytes) of the on-chain timestamp id, itself the SHA-256 of the hash value';
const RECORD_ID_FORM = 'multibase base64url ("u…") of the 32-byte on-chain record id';

export const HASH_ALGORITHM_ID = {
  ...UINT,
  description: 'Hash algorithm id: an integer, 0-based in insertion order',
} as const;
export const TIMESTAMP_ID = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: `Timestamp id: ${TIMESTAMP_ID_FORM} (the listed form), or the on-chain id as 0x + 64 hex digits`,
} as const;
export const RECORD_ID = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: `Record id: ${RECORD_ID_FORM} (the listed form), or 0x + 64 hex digits`,
} as const;
export const VERSION_ID = {
  ...UINT,
  description: 'Version id: an integer, 0-based (0 … totalVersions - 1)',
} as const;

/** Filters of the record list; they cannot be combined. */
export const RECORD_FILTERS = {
  owner: {
    type: 'string',
    minLength: 1,
    maxLength: 256,
    description:
      'Records of which this owner id is a current (not revoked) owner. An account is the lowercase 0x hex form of its address; an address given in another letter case is lowercased. Not combinable with first-version',
  },
  'first-version': {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    description:
      'Records whose version 0 holds this hash value: 0x hex (1 to 64 bytes), or the multihash of the value in base64 ("m…", the form of a timestamp\'s hash field) or base64url ("u…") multibase. Not combinable with owner',
  },
} as const;

export const HASH_ALGORITHM_LIST = listResponse('hashAlgorithmId', { type: 'integer' });

export const HASH_ALGORITHM = objectResponse({
  hashAlgorithmId: { type: 'integer' },
  ianaName: { type: 'string', description: 'IANA hash name, e.g. sha-256' },
  multihash: { type: 'string', description: 'Multihash (multicodec) name, e.g. sha2-256' },
  oid: { type: 'string', description: 'e.g. 2.16.840.1.101.3.4.2.1' },
  outputLengthBits: { type: 'integer' },
  status: { type: 'string', enum: ['active', 'revoked'] },
});

export const TIMESTAMP_LIST = {
  200: collectionSchema(
    linkItem('timestampId', { type: 'string', description: TIMESTAMP_ID_FORM }),
  ),
  ...PROBLEM_RESPONSES,
} as const;

export const TIMESTAMP = objectResponse({
  timestampId: { type: 'string', description: TIMESTAMP_ID_FORM },
  hash: {
    type: 'string',
    description:
      'Multibase base64 ("m…", padding-free) of the multihash of the hash value, under the multicodec code of its algorithm\'s multihash name; the identity multihash (0x00) when the node does not know that name',
  },
  hashAlgorithmId: { type: 'integer' },
  timestampedBy: { ...ADDRESS, description: 'The account that timestamped it' },
  blockNumber: { type: 'integer' },
  timestamp: { type: 'string', format: 'date-time', description: 'Block time, ISO 8601 UTC' },
  data: { ...HEX, description: 'The data stored with the timestamp, 0x hex ("0x" when none)' },
  transactionHash: {
    type: ['string', 'null'],
    description:
      'The transaction that created it (from its HashTimestamped log); null when the ledger no longer returns that log',
  },
});

export const RECORD_LIST = listResponse('recordId', {
  type: 'string',
  description: RECORD_ID_FORM,
});

const HASH_VALUES = {
  type: 'array',
  items: { ...HEX, description: 'A hash value, 0x hex' },
} as const;

export const RECORD = objectResponse({
  ownerIds: {
    type: 'array',
    items: { type: 'string' },
    description: 'Current owners (not revoked, whatever their validity window)',
  },
  revokedOwnerIds: { type: 'array', items: { type: 'string' } },
  totalVersions: { type: 'integer' },
  firstVersionTimestamps: { ...HASH_VALUES, description: 'Hash values of version 0' },
  lastVersionTimestamps: { ...HASH_VALUES, description: 'Hash values of the last version' },
});

export const VERSION_LIST = listResponse('versionId', { type: 'integer' });

export const VERSION = objectResponse({
  hashes: { ...HASH_VALUES, description: 'Hash values of the version' },
  info: {
    type: 'array',
    items: {
      description:
        'A version info: its bytes parsed as JSON when they are UTF-8 JSON, else the bytes as a 0x hex string',
    },
  },
});
