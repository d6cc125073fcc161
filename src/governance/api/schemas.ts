import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';

/** Response schemas of `/v1/governance` (docs/governance.md, "Auditing"). */

const ADDRESS = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const;
const BYTES32 = { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' } as const;
const HEX = { type: 'string', pattern: '^0x[0-9a-fA-F]*$' } as const;
const DECIMAL = { type: 'string', pattern: '^[0-9]+$' } as const;
const DATE_TIME = { type: 'string', format: 'date-time' } as const;

const MOMENT = {
  type: 'object',
  description: 'The transaction that did it, its block and the block time',
  required: ['blockNumber', 'transactionHash', 'time'],
  properties: { blockNumber: { type: 'integer' }, transactionHash: BYTES32, time: DATE_TIME },
  additionalProperties: false,
} as const;

const withMember = <const name extends string>(name: name, description: string) =>
  ({
    ...MOMENT,
    description,
    required: [...MOMENT.required, name],
    properties: { ...MOMENT.properties, [name]: ADDRESS },
  }) as const;

const CALL = {
  type: 'object',
  description: 'A call, decoded against the contract at its target when the node knows it',
  required: ['target', 'contract', 'function', 'args', 'value', 'data'],
  properties: {
    target: ADDRESS,
    contract: { type: ['string', 'null'], description: 'A registry name, "safe" or "timelock"' },
    function: { type: ['string', 'null'] },
    args: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: 'The arguments by parameter name; numbers as decimal strings',
    },
    value: DECIMAL,
    data: HEX,
  },
  additionalProperties: false,
} as const;

export const PROPOSAL = {
  type: 'object',
  required: [
    'id',
    'nonce',
    'status',
    'kind',
    'to',
    'data',
    'calls',
    'approvals',
    'approvalsNeeded',
  ],
  properties: {
    id: { ...BYTES32, description: "Safe's transaction hash: what each approval names" },
    nonce: { ...DECIMAL, description: 'The Safe nonce it runs at' },
    status: {
      type: 'string',
      enum: [
        'pending',
        'approved',
        'queued',
        'superseded',
        'failed',
        'scheduled',
        'ready',
        'executed',
        'cancelled',
      ],
    },
    kind: {
      type: 'string',
      enum: ['schedule', 'cancel', 'membership', 'rejection', 'call'],
      description:
        'schedule: timelocked calls; cancel: of a scheduled operation; membership: owners or threshold; rejection: uses up a nonce',
    },
    to: { ...ADDRESS, description: 'What the Safe calls: the timelock, or itself' },
    data: { ...HEX, description: "The Safe's call" },
    calls: {
      type: 'array',
      items: CALL,
      description: "What runs: a scheduled operation's calls, or the Safe's own call",
    },
    operationId: { ...BYTES32, description: "The timelock's id of the operation" },
    delaySeconds: { type: 'integer', description: 'The notice the operation waits' },
    proposer: ADDRESS,
    proposed: MOMENT,
    approvals: {
      type: 'array',
      items: withMember('owner', "A current member's approval"),
    },
    approvalsNeeded: { type: 'integer' },
    decided: withMember('executor', 'When the Safe ran it, and who sent it'),
    readyAt: { ...DATE_TIME, description: 'When a scheduled operation may run' },
    executed: MOMENT,
    cancelled: MOMENT,
  },
  additionalProperties: false,
} as const;

/** A consortium's Safe and timelock; a network without them names the operator governing alone. */
const GOVERNANCE = {
  type: 'object',
  required: ['governed'],
  properties: {
    governed: {
      type: 'boolean',
      description: "Whether a consortium's Safe and timelock govern the network",
    },
    operatorDid: {
      type: 'string',
      description: 'Ungoverned: the operator whose one key governs the network',
    },
    safe: ADDRESS,
    timelock: ADDRESS,
    members: { type: 'array', items: ADDRESS, description: "The Safe's owners: the operators" },
    threshold: { type: 'integer', description: 'Approvals a decision needs' },
    delaySeconds: { type: 'integer', description: "The timelock's minimum delay" },
    nonce: { ...DECIMAL, description: "The Safe's next nonce" },
    proposals: { type: 'array', items: PROPOSAL, description: 'Newest first' },
  },
  additionalProperties: false,
} as const;

export const GOVERNANCE_RESPONSE = {
  200: GOVERNANCE,
  ...PROBLEM_RESPONSES,
} as const;

export const PROPOSAL_RESPONSE = { 200: PROPOSAL, ...PROBLEM_RESPONSES } as const;
