/** `$id` of the shared Problem Details schema. */
export const PROBLEM_SCHEMA_ID = 'Problem';

/** The media type of every Problem Details body (RFC 9457 §3). */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/**
 * RFC 9457 Problem Details, as every REST route answers errors.
 * - Spec: SPEC.md §2.1
 */
export const PROBLEM_SCHEMA = {
  $id: PROBLEM_SCHEMA_ID,
  type: 'object',
  description: 'RFC 9457 Problem Details (application/problem+json)',
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', description: 'urn:core:problems:<slug> or about:blank' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['detail'],
        properties: {
          detail: { type: 'string' },
          parameter: { type: 'string' },
          pointer: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

const PROBLEM_RESPONSE = {
  description: 'Problem Details (RFC 9457)',
  content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: `${PROBLEM_SCHEMA_ID}#` } } },
} as const;

/**
 * Response schemas every REST route declares for its errors, keyed by their real media type:
 * Fastify picks the serialiser by the reply's `content-type`, the API reference shows it.
 */
export const PROBLEM_RESPONSES = { '4xx': PROBLEM_RESPONSE, '5xx': PROBLEM_RESPONSE } as const;
