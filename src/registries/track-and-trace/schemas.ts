import { CONTRACT_ADDRESS_QUERY_PROPERTIES } from '../../http/contractAddress.js';
import { collectionSchema } from '../../http/pagination.js';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';
import { MAX_DID_KEY_FORM_LENGTH } from '../../identity/didKey.js';
import {
  BYTES32,
  collectionQuery,
  DID_CORE_V1,
  listResponse,
  objectResponse,
} from '../common/schemas.js';
import { PERMISSIONS, TIMESTAMP_SOURCES } from './records.js';

/** Request and response schemas of the Track and Trace reads (SPEC.md §2.10, read-api.md §3.7). */

export const DOCUMENT_ID = { ...BYTES32, description: 'A document id (hash), 32 bytes in hex' };
export const EVENT_ID = { ...BYTES32, description: 'An event id (hash), 32 bytes in hex' };

export const DOCUMENT_PARAMS = {
  type: 'object',
  properties: { documentId: DOCUMENT_ID },
} as const;
export const EVENT_PARAMS = {
  type: 'object',
  properties: { documentId: DOCUMENT_ID, eventId: EVENT_ID },
} as const;

/** `?version=deprecated` restores the earlier document body, with `events` (SPEC.md §9.6). */
export const DOCUMENT_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...CONTRACT_ADDRESS_QUERY_PROPERTIES,
    version: {
      type: 'string',
      enum: ['latest', 'deprecated'],
      default: 'latest',
      description: 'Temporary: `deprecated` adds the `events` ids to the document',
    },
  },
} as const;

/**
 * `/accesses` filters: exactly one of `creator` (a did:core v1) and `subject`. Whether `subject`
 * is a did:core v1 or v2, or a did:key, is checked by the route (no Ajv format for it).
 */
export const ACCESSES_QUERY = collectionQuery({
  creator: { ...DID_CORE_V1, description: 'A document creator (did:core v1)' },
  subject: {
    type: 'string',
    maxLength: MAX_DID_KEY_FORM_LENGTH,
    description:
      'An access subject: a did:core v1 or v2, or a did:key (one whose key cannot act on the contract, e.g. P-256, has no access)',
  },
});

const DID = { type: 'string', description: 'A DID' } as const;
const HEX32 = { type: 'string', description: '32 bytes in hex' } as const;

const TIMESTAMP = {
  type: 'object',
  required: ['datetime', 'source', 'proof'],
  properties: {
    datetime: { type: 'string', description: 'ISO 8601 of the timestamp' },
    source: { type: 'string', enum: [...TIMESTAMP_SOURCES] },
    proof: { ...HEX32, description: 'The block number (source `block`) or the external proof' },
  },
  additionalProperties: false,
} as const;

const ACCESS = {
  type: 'object',
  required: ['subject', 'permission', 'documentId', 'grantedBy'],
  properties: {
    subject: DID,
    permission: { type: 'string', enum: [...PERMISSIONS] },
    documentId: HEX32,
    grantedBy: { ...DID, description: 'The DID that granted it (the creator for `creator`)' },
  },
  additionalProperties: false,
} as const;

export const DOCUMENT_LIST = listResponse('documentId', HEX32);

export const DOCUMENT = objectResponse(
  {
    metadata: { type: 'string' },
    timestamp: TIMESTAMP,
    creator: { ...DID, description: 'The creator (a did:core)' },
    events: {
      type: 'array',
      items: HEX32,
      description: 'Only with `version=deprecated`: every event id, in writing order',
    },
  },
  ['metadata', 'timestamp', 'creator'],
);

export const EVENT_LIST = listResponse('eventId', HEX32);

export const EVENT = objectResponse({
  externalHash: { type: 'string' },
  hash: { ...HEX32, description: 'The event id: keccak256 of `externalHash`' },
  metadata: { type: 'string' },
  origin: { type: 'string' },
  sender: { ...DID, description: 'The account that wrote it (a did:core or a did:key)' },
  timestamp: TIMESTAMP,
});

export const ACCESS_LIST = {
  200: collectionSchema(ACCESS),
  ...PROBLEM_RESPONSES,
} as const;

export const CREATOR_CHECK = {
  200: { type: 'null', description: 'The `creator` is whitelisted (`subject`: always); no body' },
  ...PROBLEM_RESPONSES,
} as const;

/** How the reference shows the errors of HEAD: the status of the GET's problem, with no body. */
export const CREATOR_CHECK_ERRORS = {
  '4xx': {
    type: 'null',
    description: '404: `creator` is not whitelisted; 400: the query is invalid. No body (HEAD)',
  },
  '5xx': { type: 'null', description: 'The status of the problem GET would answer; no body' },
} as const;
