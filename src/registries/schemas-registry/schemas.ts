import { collectionSchema } from '../../http/pagination.js';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';
import { BYTES32_PATTERN, linkItem, listResponse } from '../common/schemas.js';

/** Request and response schemas of the Schemas Registry reads (reference/read-api.md §3.5). */

const BYTES32_HEX = { type: 'string', pattern: BYTES32_PATTERN } as const;

export const SCHEMA_ID = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description:
    'Schema id, 32 bytes: base58btc multibase ("z…", the form the API lists) or 0x + 64 hex digits',
} as const;
export const REVISION_ID = {
  ...BYTES32_HEX,
  description: 'Revision id: the SHA-256 of the schema document, 0x + 64 hex digits',
} as const;
export const METADATA_ID = {
  ...BYTES32_HEX,
  description: 'Metadata id: the SHA-256 of the metadata document, 0x + 64 hex digits',
} as const;

/** The revisions query: pagination plus the temporary `version` switch and `valid-at`. */
export const REVISION_FILTERS = {
  version: {
    type: 'string',
    enum: ['latest', 'deprecated'],
    description:
      'latest (default) or deprecated: the earlier form of this read, the only one that accepts valid-at (temporary, SPEC §9.6). Echoed in every link',
  },
  'valid-at': {
    type: 'string',
    description:
      'With version=deprecated only: keep the revisions whose latest metadata is a JSON object with validFrom <= valid-at <= validTo (an absent bound does not limit; metadata that is not a JSON object, or a bound that is not a date, excludes the revision). A date (YYYY-MM-DD, its first instant in UTC) or an RFC 3339 date-time with an offset',
  },
} as const;

export const SCHEMA_LIST = {
  200: collectionSchema(
    linkItem('schemaId', { type: 'string', description: 'base58btc multibase ("z…")' }),
  ),
  ...PROBLEM_RESPONSES,
} as const;

export const REVISION_LIST = listResponse('schemaRevisionId', {
  ...BYTES32_HEX,
  description: '0x hex',
});

export const METADATA_LIST = listResponse('metadataId', { ...BYTES32_HEX, description: '0x hex' });

/**
 * A stored document: its bytes parsed as JSON by default; the bytes themselves as
 * `application/octet-stream` when asked for, or when they are not JSON and `Accept` allows it.
 */
export function documentResponse(jsonTypes: readonly string[], description: string) {
  const json = { schema: { description: `${description}, parsed as JSON (any JSON value)` } };
  return {
    200: {
      description,
      content: {
        ...Object.fromEntries(jsonTypes.map((type) => [type, json])),
        'application/octet-stream': {
          schema: { type: 'string', format: 'binary', description: 'The stored bytes as they are' },
        },
      },
    },
    ...PROBLEM_RESPONSES,
  } as const;
}
