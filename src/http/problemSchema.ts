/** `$id` of the shared Problem Details schema. */
export const PROBLEM_SCHEMA_ID = 'Problem';

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
      },
    },
  },
} as const;

/** Response schemas every route declares for its errors. */
export const PROBLEM_RESPONSES = {
  '4xx': { $ref: `${PROBLEM_SCHEMA_ID}#` },
  '5xx': { $ref: `${PROBLEM_SCHEMA_ID}#` },
} as const;
