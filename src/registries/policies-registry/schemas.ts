import { ADDRESS, listResponse, objectResponse } from '../common/schemas.js';

/** Response schemas of the Policies Registry reads (read-api.md §3.4). */

export const POLICY_NAME = {
  type: 'string',
  minLength: 1,
  maxLength: 256,
  description: 'A policy name, e.g. TSR:insertSchema',
} as const;

export const POLICY_LIST = listResponse('policyName');

export const POLICY = objectResponse({
  policyId: { type: 'string', description: 'Decimal id, 1-based in insertion order' },
  policyName: { type: 'string' },
  description: { type: 'string' },
  status: { type: 'boolean', description: 'Whether the policy is active' },
});

export const SUBJECT_LIST = listResponse('subject', ADDRESS);

export const SUBJECT = objectResponse({
  subject: ADDRESS,
  policies: { type: 'string', format: 'uri' },
});

export const SUBJECT_POLICY = objectResponse({ subject: ADDRESS, policyName: { type: 'string' } });
