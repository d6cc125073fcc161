import { CONTRACT_ADDRESS_QUERY_PROPERTIES } from '../../http/contractAddress.js';
import { PAGINATION_QUERY_PROPERTIES } from '../../http/pagination.js';

/** Path and query fragments shared by the registry routes (JSON Schema, validated by Fastify). */

/** Ajv format of a did:core v1 (`did:core:z` + base58btc of 0x01 ‖ 16 bytes), checked by decoding. */
export const DID_CORE_V1_FORMAT = 'did:core v1';
/** A 20-byte address, `0x` + 40 hex digits (any letter case). */
export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
/** 32 bytes as `0x` + 64 hex digits. */
export const BYTES32_PATTERN = '^0x[0-9a-fA-F]{64}$';

export const DID_CORE_V1 = {
  type: 'string',
  format: DID_CORE_V1_FORMAT,
  description: 'A did:core v1',
} as const;
export const ADDRESS = {
  type: 'string',
  pattern: ADDRESS_PATTERN,
  description: 'A 20-byte address',
} as const;
export const BYTES32 = {
  type: 'string',
  pattern: BYTES32_PATTERN,
  description: '32 bytes in hex',
} as const;

/** Query schema of an item read: only `contractAddress`. */
export const ITEM_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { ...CONTRACT_ADDRESS_QUERY_PROPERTIES },
} as const;

/** Query schema of a collection read: pagination, `contractAddress`, and `filters`. */
export function collectionQuery<const P extends Record<string, object>>(filters: P = {} as P) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...PAGINATION_QUERY_PROPERTIES,
      ...CONTRACT_ADDRESS_QUERY_PROPERTIES,
      ...filters,
    },
  } as const;
}

/** Schema of an item of a collection: its id field and `href`. */
export function linkItem(idField: string, idSchema: object = { type: 'string' }) {
  return {
    type: 'object',
    required: [idField, 'href'],
    properties: { [idField]: idSchema, href: { type: 'string', format: 'uri' } },
  } as const;
}
