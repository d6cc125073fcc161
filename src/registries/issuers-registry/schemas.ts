import { collectionSchema } from '../../http/pagination.js';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';
import { ISSUER_TYPES } from '../../identity/issuerTypes.js';
import {
  collectionQuery,
  DID_CORE_V1,
  ITEM_QUERY,
  listResponse,
  objectResponse,
} from '../common/schemas.js';
import { VALID_AT_QUERY_PROPERTY } from '../common/toValidAtTime.js';

/** Path, query and response schemas of the Issuers Registry reads (read-api.md §3.3, renamed). */

/** 32 bytes in hex; `0x` optional on input (EBSI sent attribute ids without it), always sent. */
export const HEX_ID_PATTERN = '^(0x)?[0-9a-fA-F]{64}$';
const HEX_ID = { type: 'string', pattern: HEX_ID_PATTERN } as const;
const ID_OUT = { type: 'string', description: '0x + 64 lower-case hex digits' } as const;

export const ISSUER_PARAMS = { type: 'object', properties: { did: DID_CORE_V1 } } as const;
export const ATTRIBUTE_PARAMS = {
  type: 'object',
  properties: { did: DID_CORE_V1, id: { ...HEX_ID, description: 'An attribute id' } },
} as const;
export const REVISION_PARAMS = {
  type: 'object',
  properties: {
    ...ATTRIBUTE_PARAMS.properties,
    revId: { ...HEX_ID, description: 'A revision id' },
  },
} as const;
export const PROXY_PARAMS = {
  type: 'object',
  properties: { did: DID_CORE_V1, proxyId: { ...HEX_ID, description: 'A proxy id' } },
} as const;
const SUB_PATH = {
  type: 'string',
  description:
    'The path below the proxy prefix, fetched from the upstream; may hold several "/"-separated segments, sent unencoded',
} as const;
/** The proxy resolution path: `*` is the rest of the path, named `{path}` in the API reference. */
export const PROXY_PATH_PARAMS = {
  type: 'object',
  properties: { ...PROXY_PARAMS.properties, '*': SUB_PATH },
} as const;

/** `version`: `deprecated` restores the earlier body (SPEC.md §9.6); `latest` is the default. */
const VERSION = {
  version: {
    type: 'string',
    enum: ['latest', 'deprecated'],
    description: 'Body version; `deprecated` is temporary (SPEC.md §9.6)',
  },
} as const;
export const VERSIONED_ITEM_QUERY = {
  ...ITEM_QUERY,
  properties: { ...ITEM_QUERY.properties, ...VERSION },
} as const;
export const VERSIONED_COLLECTION_QUERY = collectionQuery(VERSION);

/** An attribute's read: its latest revision, or with `valid-at` the one that was latest then. */
export const ATTRIBUTE_QUERY = {
  ...ITEM_QUERY,
  properties: {
    ...ITEM_QUERY.properties,
    'valid-at': {
      ...VALID_AT_QUERY_PROPERTY,
      description: `The revision that was the attribute's latest at this time: ${VALID_AT_QUERY_PROPERTY.description}`,
    },
  },
} as const;

/** read-api.md §3.3 `AttributeObject`: one revision of an attribute. */
const ATTRIBUTE_OBJECT = {
  type: 'object',
  required: ['hash', 'body', 'issuerType', 'tao', 'rootTao'],
  properties: {
    hash: { ...ID_OUT, description: 'The revision id' },
    body: { type: 'string', description: 'The stored data as UTF-8 text, empty for metadata' },
    issuerType: { type: 'string', enum: ISSUER_TYPES },
    tao: { type: 'string', description: 'DID of the accrediting TAO' },
    rootTao: { type: 'string', description: 'DID of the RootTAO of the chain' },
  },
  additionalProperties: false,
} as const;

const ATTRIBUTE_READ = {
  type: 'object',
  required: ['did', 'attribute'],
  properties: { did: { type: 'string' }, attribute: ATTRIBUTE_OBJECT },
  additionalProperties: false,
} as const;

export const ISSUER_LIST = listResponse('did');

export const ISSUER = {
  200: {
    anyOf: [
      {
        type: 'object',
        required: ['did', 'attributes', 'hasAttributes'],
        properties: {
          did: { type: 'string' },
          attributes: { type: 'string', description: 'URL of the attribute list' },
          hasAttributes: { type: 'boolean' },
        },
        additionalProperties: false,
      },
      {
        type: 'object',
        description: '`version=deprecated`: every attribute, latest revision',
        required: ['did', 'attributes'],
        properties: {
          did: { type: 'string' },
          attributes: { type: 'array', items: ATTRIBUTE_OBJECT },
        },
        additionalProperties: false,
      },
    ],
  },
  ...PROBLEM_RESPONSES,
} as const;

export const ID_LIST = listResponse('id', ID_OUT);

export const ATTRIBUTE = { 200: ATTRIBUTE_READ, ...PROBLEM_RESPONSES } as const;

/** `{ id, href }` without `format: uri`, which the serialiser would check in an `anyOf`. */
const REVISION_LINK = {
  type: 'object',
  required: ['id', 'href'],
  properties: { id: ID_OUT, href: { type: 'string', description: 'URL of the revision' } },
  additionalProperties: false,
} as const;

/**
 * Items are `{ id, href }`, or full revisions with `version=deprecated`. The choice is per item:
 * an `anyOf` on the envelope would make the serialiser validate its links as URIs, which
 * `page[after]` is not.
 */
export const REVISION_LIST = {
  200: collectionSchema({ anyOf: [REVISION_LINK, ATTRIBUTE_OBJECT] }),
  ...PROBLEM_RESPONSES,
} as const;

export const PROXY_LIST = listResponse('proxyId', ID_OUT);

export const PROXY = objectResponse({
  prefix: { type: 'string' },
  headers: {
    type: 'array',
    items: { type: 'string' },
    description: 'Names of the headers sent upstream; values are never published',
  },
  testSuffix: { type: 'string' },
});

export const STATUS_LIST = {
  200: { type: 'string', description: 'The status-list credential JWT, as the upstream sent it' },
  ...PROBLEM_RESPONSES,
} as const;
