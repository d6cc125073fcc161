import { CONTRACT_ADDRESS_QUERY_PROPERTIES } from '../../http/contractAddress.js';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';
import {
  VERIFICATION_RELATIONSHIPS,
  type VerificationRelationshipName,
} from '../../identity/didDocument.js';
import { collectionQuery, DID_CORE_V1, listResponse } from '../common/schemas.js';
import { VALID_AT_QUERY_PROPERTY } from '../common/toValidAtTime.js';

/** Schemas of the DID Registry reads (SPEC.md §4.1, §4.2; reference/read-api.md §3.1). */

/** The JSON-LD representation, served by default. */
export const DID_LD_JSON = 'application/did+ld+json';
/** The representation without `@context`, served only for `Accept: application/did+json`. */
export const DID_JSON = 'application/did+json';

export const IDENTIFIERS_QUERY = collectionQuery({
  controller: { ...DID_CORE_V1, description: 'Only the DIDs this did:core v1 controls' },
});

export const DID_DOCUMENT_PARAMS = {
  type: 'object',
  required: ['did'],
  properties: { did: DID_CORE_V1 },
} as const;

export const DID_DOCUMENT_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...CONTRACT_ADDRESS_QUERY_PROPERTIES,
    'valid-at': {
      ...VALID_AT_QUERY_PROPERTY,
      description: `The document at this time: ${VALID_AT_QUERY_PROPERTY.description}; the current block time when absent`,
    },
  },
} as const;

export const IDENTIFIER_LIST = listResponse('did', DID_CORE_V1);

const DID_URL = { type: 'string', description: '<did>#<vMethodId>' } as const;

const VERIFICATION_METHOD = {
  type: 'object',
  required: ['id', 'type', 'controller', 'publicKeyJwk'],
  properties: {
    id: DID_URL,
    type: { type: 'string', enum: ['JsonWebKey2020'] },
    controller: { type: 'string', description: 'The DID itself' },
    publicKeyJwk: {
      type: 'object',
      required: ['kty', 'crv', 'x', 'y'],
      properties: {
        kty: { type: 'string', enum: ['EC'] },
        crv: { type: 'string', enum: ['secp256k1', 'P-256'] },
        x: { type: 'string' },
        y: { type: 'string' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

const RELATIONSHIP = {
  type: 'array',
  items: DID_URL,
  description: 'Present only when non-empty',
} as const;

const PLAIN_PROPERTIES = {
  id: { type: 'string' },
  controller: { type: 'array', items: { type: 'string' } },
  verificationMethod: {
    type: 'array',
    items: VERIFICATION_METHOD,
    description: 'The keys holding a relationship at the time read, in the order they were added',
  },
  ...(Object.fromEntries(VERIFICATION_RELATIONSHIPS.map((name) => [name, RELATIONSHIP])) as {
    [name in VerificationRelationshipName]: typeof RELATIONSHIP;
  }),
} as const;

/** Base-document members other than the registry's own are passed through as they are. */
const DID_DOCUMENT_JSON = {
  type: 'object',
  required: ['id', 'controller', 'verificationMethod'],
  properties: PLAIN_PROPERTIES,
  additionalProperties: true,
} as const;

const DID_DOCUMENT_JSON_LD = {
  type: 'object',
  required: ['@context', 'id', 'controller', 'verificationMethod'],
  properties: {
    // Any JSON-LD context: the base document's (a string, an array or an object) or the default.
    '@context': {
      description:
        "The base document's @context, or the DID v1 and JWS 2020 contexts when it has none",
    },
    ...PLAIN_PROPERTIES,
  },
  additionalProperties: true,
} as const;

export const DID_DOCUMENT = {
  200: {
    description: 'The DID document, in the representation the Accept header selects',
    content: {
      [DID_LD_JSON]: { schema: DID_DOCUMENT_JSON_LD },
      [DID_JSON]: { schema: DID_DOCUMENT_JSON },
    },
  },
  ...PROBLEM_RESPONSES,
} as const;
