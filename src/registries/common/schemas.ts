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

const STRING = { type: 'string' } as const;

/** Schema of an item of a collection: its id field and `href`. */
export function linkItem<
  const idField extends string,
  const idSchema extends object = typeof STRING,
>(idField: idField, idSchema?: idSchema) {
  return {
    type: 'object',
    required: [idField, 'href'],
    properties: { [idField]: idSchema ?? STRING, href: { type: 'string', format: 'uri' } } as {
      [name in idField]: idSchema;
    } & { href: { type: 'string'; format: 'uri' } },
    additionalProperties: false,
  } as const;
}

/** The responses of a list read: a page of `{ <idField>, href }` items, or a problem. */
export function listResponse<
  const idField extends string,
  const idSchema extends object = typeof STRING,
>(idField: idField, idSchema?: idSchema) {
  return { 200: collectionSchema(linkItem(idField, idSchema)), ...PROBLEM_RESPONSES } as const;
}

/**
 * The responses of an item read: an object with exactly `properties` (all required unless
 * `required` says which), or a problem.
 */
export function objectResponse<
  const properties extends Record<string, object>,
  const required extends readonly (keyof properties & string)[] = (keyof properties & string)[],
>(properties: properties, required?: required) {
  const names = (required ?? Object.keys(properties)) as readonly (keyof properties & string)[];
  return {
    200: { type: 'object', required: names as required, properties, additionalProperties: false },
    ...PROBLEM_RESPONSES,
  } as const;
}

/**
 * The responses of a `/details` read: the instance's `contractAddress` and the address of each
 * registry it links to, under `fields`.
 * - Spec: SPEC.md §2.8
 */
export function detailsResponse<const field extends string>(fields: readonly field[]) {
  const names = ['contractAddress', ...fields] as const;
  return {
    200: {
      type: 'object',
      required: names,
      properties: Object.fromEntries(names.map((name) => [name, STRING])) as {
        [name in (typeof names)[number]]: typeof STRING;
      },
      additionalProperties: false,
    },
    ...PROBLEM_RESPONSES,
  } as const;
}
