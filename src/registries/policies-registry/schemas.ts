import { collectionSchema } from '../../http/pagination.js';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';
import { ADDRESS, linkItem } from '../common/schemas.js';

/** Response schemas of the Policies Registry reads (read-api.md §3.4). */

export const POLICY_NAME = {
  type: 'string',
  minLength: 1,
  maxLength: 256,
  description: 'A policy name, e.g. TSR:insertSchema',
} as const;

export const POLICY_LIST = {
  200: collectionSchema(linkItem('policyName')),
  ...PROBLEM_RESPONSES,
} as const;

export const POLICY = {
  200: {
    type: 'object',
    required: ['policyId', 'policyName', 'description', 'status'],
    properties: {
      policyId: { type: 'string', description: 'Decimal id, 1-based in insertion order' },
      policyName: { type: 'string' },
      description: { type: 'string' },
      status: { type: 'boolean', description: 'Whether the policy is active' },
    },
  },
  ...PROBLEM_RESPONSES,
} as const;

export const SUBJECT_LIST = {
  200: collectionSchema(linkItem('subject', ADDRESS)),
  ...PROBLEM_RESPONSES,
} as const;

export const SUBJECT = {
  200: {
    type: 'object',
    required: ['subject', 'policies'],
    properties: { subject: ADDRESS, policies: { type: 'string', format: 'uri' } },
  },
  ...PROBLEM_RESPONSES,
} as const;

export const SUBJECT_POLICY = {
  200: {
    type: 'object',
    required: ['subject', 'policyName'],
    properties: { subject: ADDRESS, policyName: { type: 'string' } },
  },
  ...PROBLEM_RESPONSES,
} as const;
