import { PROBLEM_RESPONSES } from '../http/problemSchema.js';
import { DID_SYNTAX_PATTERN } from '../identity/didSyntax.js';
import { TRQP_ACTIONS } from './vocabulary.js';

/**
 * The bodies of TRQP v2.0's HTTPS binding: the approved `trqp-authorization-request`,
 * `trqp-recognition-request` and their responses, with this registry's bounds (identifiers are
 * DIDs, `action` and `resource` non-empty, `time` RFC 3339 in UTC with `Z`, as the approved
 * schemas' descriptions require; lengths capped).
 * - Spec: ToIP TRQP v2.0 (reference/trqp.md §1, §2)
 */

const MAX_LENGTH = 2048;
const STRING = { type: 'string', maxLength: MAX_LENGTH } as const;

const DID = {
  ...STRING,
  pattern: DID_SYNTAX_PATTERN,
  description: 'A DID (this registry knows did:core DIDs)',
} as const;

/** RFC 3339 (`format` checks the calendar: no February 30); the route requires the `Z`. */
const TIME = {
  type: 'string',
  format: 'date-time',
  maxLength: 64,
  description:
    'The instant the answer must hold at: RFC 3339 in UTC ("Z"), not in the future; now when absent',
} as const;

const LOCATOR = {
  ...STRING,
  description: 'Accepted and echoed; this registry locates its records by the DIDs alone',
} as const;

const QUERY_MEMBERS = {
  entity_id: { ...DID, description: 'The entity whose authority is asked about: a DID' },
  authority_id: {
    ...DID,
    description: 'The did:core DID of a TAO or Root TAO of this registry (docs/trqp.md)',
  },
  action: {
    ...STRING,
    minLength: 1,
    description: `One of ${Object.keys(TRQP_ACTIONS).join(', ')} (GET /v1/trqp)`,
  },
  resource: {
    ...STRING,
    minLength: 1,
    description: 'A credential type, or a Schemas Registry schema id or URL (GET /v1/trqp)',
  },
} as const;

const REQUIRED = ['entity_id', 'authority_id', 'action', 'resource'] as const;

/** Members a query's `context` may carry beyond those named: strings, ignored and echoed. */
const MORE_CONTEXT = { additionalProperties: STRING, maxProperties: 32 } as const;

export const AUTHORIZATION_REQUEST = {
  type: 'object',
  required: REQUIRED,
  properties: {
    ...QUERY_MEMBERS,
    context: { type: 'object', properties: { time: TIME, locator: LOCATOR }, ...MORE_CONTEXT },
  },
} as const;

export const RECOGNITION_REQUEST = {
  type: 'object',
  required: REQUIRED,
  properties: {
    ...QUERY_MEMBERS,
    entity_id: { ...DID, description: 'The authority whose recognition is asked about: a DID' },
    context: { type: 'object', properties: { time: TIME }, ...MORE_CONTEXT },
  },
} as const;

const answer = <const member extends string>(member: member, description: string) =>
  ({
    200: {
      type: 'object',
      required: [...REQUIRED, member, 'time_evaluated'],
      properties: {
        entity_id: { type: 'string' },
        authority_id: { type: 'string' },
        action: { type: 'string' },
        resource: { type: 'string' },
        [member]: { type: 'boolean', description },
        time_requested: {
          type: 'string',
          format: 'date-time',
          description: 'The `context.time` asked for: the answer holds as of that instant',
        },
        time_evaluated: {
          type: 'string',
          format: 'date-time',
          description: "The node's clock when it answered",
        },
        message: { type: 'string', description: 'Which accreditation decided, or why none does' },
        context: {
          type: 'object',
          description: 'The query\'s "context", echoed',
          additionalProperties: { type: 'string' },
        },
      },
      additionalProperties: false,
    },
    ...PROBLEM_RESPONSES,
  }) as const;

export const AUTHORIZATION_RESPONSE = answer(
  'authorized',
  'Whether the entity is authorised, as of the time asked for or now',
);
export const RECOGNITION_RESPONSE = answer(
  'recognized',
  'Whether the authority recognises the entity (docs/trqp.md: this network records none yet)',
);

const TEXT = { type: 'string' } as const;

export const VOCABULARY_RESPONSE = {
  200: {
    type: 'object',
    required: ['version', 'binding', 'authorization', 'recognition', 'actions', 'resource'],
    properties: {
      version: { ...TEXT, description: 'The TRQP version spoken' },
      binding: { ...TEXT, description: 'The binding: HTTPS (POST, JSON, Problem Details)' },
      authorization: { ...TEXT, description: 'URL of the authorization query' },
      recognition: { ...TEXT, description: 'URL of the recognition query' },
      actions: {
        type: 'array',
        items: {
          type: 'object',
          required: ['action', 'description'],
          properties: { action: TEXT, description: TEXT },
          additionalProperties: false,
        },
      },
      resource: { ...TEXT, description: 'What a `resource` names' },
      authority: { ...TEXT, description: 'What an `authority_id` may be' },
      rootTao: {
        ...TEXT,
        description:
          "The Root TAO set up at genesis (the operator's DID): the authority_id of this network's own chain",
      },
      recognizedAuthorities: {
        type: 'array',
        items: TEXT,
        description: 'Authorities of other networks this one recognises',
      },
      authentication: { ...TEXT, description: 'How a query is authenticated' },
    },
    additionalProperties: false,
  },
  ...PROBLEM_RESPONSES,
} as const;
