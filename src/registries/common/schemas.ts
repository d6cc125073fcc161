import { CONTRACT_ADDRESS_QUERY_PROPERTIES } from '../../http/contractAddress.js';
import { collectionSchema, PAGINATION_QUERY_PROPERTIES } from '../../http/pagination.js';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';

/** Path and query fragments shared by the registry routes (JSON Schema, validated by Fastify). */

/** Ajv format of a did:core v1 (`did:core:z` + base58btc of 0x01 ‖ 16 bytes), checked by decoding. */
export const DID_CORE_V1_FORMAT = 'did:core v1';
/** A 20-byte address, `0x` + 40 hex digits (any letter case). */
export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
/** 32 bytes as `0x` + 64 hex digits. */
export const BYTES32_PATTERN = '^0x[0-9a-fA-F]{64}$';

export const DID_CORE_V1 = stringSchema({ format: DID_CORE_V1_FORMAT }, 'A did:core v1');
export const ADDRESS = stringSchema({ pattern: ADDRESS_PATTERN }, 'A 20-byte address');
export const BYTES32 = stringSchema({ pattern: BYTES32_PATTERN }, '32 bytes in hex');

/** A string schema with a `pattern` or a `format`, and its description. */
function stringSchema<const rule extends { pattern: string } | { format: string }>(
  rule: rule,
  description: string,
) {
  return { type: 'string', ...rule, description } as const;
}

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

/** The responses of a list read: a page of `{ <idField>, href }` items, or a problem. */
export function listResponse(idField: string, idSchema?: object) {
  return { 200: collectionSchema(linkItem(idField, idSchema)), ...PROBLEM_RESPONSES } as const;
}

/**
 * The responses of an item read: an object with `properties` (all required unless `required`
 * says which), or a problem.
 */
export function objectResponse(
  properties: Record<string, object>,
  required: readonly string[] = Object.keys(properties),
) {
  return { 200: { type: 'object', required, properties }, ...PROBLEM_RESPONSES } as const;
}
