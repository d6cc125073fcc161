import { type Child, code, details, fragment, h, table } from './dom.js';

// The shape of a proposal in `GET /v1/governance` (`ProposalJson` in
// src/governance/api/toGovernanceJson.ts): the explorer reads the public API as any client does.

type Moment = { blockNumber: number; transactionHash: string; time: string };
type Call = {
  target: string;
  contract: string | null;
  function: string | null;
  args: Record<string, unknown> | null;
  value: string;
  data: string;
};
type Status =
  | 'pending'
  | 'approved'
  | 'queued'
  | 'superseded'
  | 'failed'
  | 'scheduled'
  | 'ready'
  | 'executed'
  | 'cancelled';
export type Proposal = {
  id: string;
  nonce: string;
  status: Status;
  kind: 'schedule' | 'cancel' | 'membership' | 'rejection' | 'call';
  calls: Call[];
  operationId?: string;
  delaySeconds?: number;
  proposer?: string;
  proposed?: Moment;
  approvals: (Moment & { owner: string })[];
  approvalsNeeded: number;
  decided?: Moment & { executor: string };
  readyAt?: string;
  executed?: Moment;
  cancelled?: Moment;
};

/** Where a proposal stands, in words (`ProposalStatus` in src/governance/proposalHistory.ts). */
const STATUS_WORDS: Readonly<Record<Status, string>> = {
  pending: 'waiting for approvals',
  approved: 'approved by enough operators: the Safe may run it',
  queued: 'waits for the proposals of earlier nonces',
  superseded: 'another decision used its nonce',
  failed: 'the Safe ran it and its call failed',
  scheduled: 'decided: the timelock holds it until it is due',
  ready: 'due: anyone may run it',
  executed: 'it took effect',
  cancelled: 'cancelled before it ran',
};

/** Statuses marked as done (`ok`) or as never to run (`stopped`). */
const TONES: Partial<Readonly<Record<Status, string>>> = {
  executed: 'ok',
  superseded: 'stopped',
  failed: 'stopped',
  cancelled: 'stopped',
};

/**
 * A proposal: its status, kind and nonce, its calls decoded, who proposed, approved and decided
 * it, and when it is or was due, ran or was cancelled.
 */
export function proposalBody(proposal: Proposal): Node {
  const { approvals, approvalsNeeded } = proposal;
  return fragment(
    h(
      'p',
      { class: 'status' },
      h('span', { class: `badge ${TONES[proposal.status] ?? ''}`.trim() }, proposal.status),
      ` — ${STATUS_WORDS[proposal.status]}`,
    ),
    details([
      ['Kind', `${proposal.kind}: ${kindInWords(proposal)}`],
      ['Nonce', proposal.nonce],
      ['Calls', callList(proposal.calls)],
      ['Operation', proposal.operationId ? code(proposal.operationId) : null],
      [
        'Proposed',
        proposal.proposed
          ? h(
              'span',
              {},
              ...(proposal.proposer ? ['by ', code(proposal.proposer), ', '] : []),
              momentOf(proposal.proposed),
            )
          : null,
      ],
      ['Approvals', approvals.length === 0 ? `None yet, ${approvalsNeeded} needed` : null],
      [
        'Decided',
        proposal.decided
          ? h(
              'span',
              {},
              'by the Safe, sent by ',
              code(proposal.decided.executor),
              ', ',
              momentOf(proposal.decided),
            )
          : null,
      ],
      ['Due', proposal.readyAt ?? null],
      ['Executed', proposal.executed ? momentOf(proposal.executed) : null],
      ['Cancelled', proposal.cancelled ? momentOf(proposal.cancelled) : null],
    ]),
    approvals.length === 0
      ? null
      : table(
          `approvals-${proposal.id}`,
          `Approvals: ${approvals.length} of ${approvalsNeeded} needed`,
          ['Operator', 'Approved', 'Transaction'],
          approvals.map((approval) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, code(approval.owner)),
              h('td', {}, `${approval.time}, block ${approval.blockNumber}`),
              h('td', {}, code(approval.transactionHash)),
            ),
          ),
        ),
  );
}

function kindInWords(proposal: Proposal): string {
  switch (proposal.kind) {
    case 'schedule':
      return proposal.delaySeconds
        ? `timelocked calls, ${durationInWords(proposal.delaySeconds)} notice`
        : 'timelocked calls, no notice';
    case 'cancel':
      return 'cancels a scheduled operation';
    case 'membership':
      return 'changes the operators or how many decide';
    case 'rejection':
      return `rejects the other proposals at nonce ${proposal.nonce}`;
    case 'call':
      return 'a call of the Safe';
  }
}

/** Each call as `contract.function(name=value, …)`; a call the node could not decode as its data. */
function callList(calls: readonly Call[]): Child {
  if (calls.length === 0) return 'None';
  return h(
    'ol',
    { class: 'calls' },
    ...calls.map((call) => {
      const value = call.value === '0' ? '' : `, sending ${call.value} wei`;
      if (call.function === null || call.args === null) {
        return h(
          'li',
          {},
          `${call.contract ?? 'An unknown contract'} at `,
          code(call.target),
          `${value}, data `,
          code(call.data),
        );
      }
      const args = Object.entries(call.args)
        .map(([name, arg]) => `${name}=${typeof arg === 'string' ? arg : JSON.stringify(arg)}`)
        .join(', ');
      return h('li', {}, code(`${call.contract}.${call.function}(${args})`), value);
    }),
  );
}

function momentOf(moment: Moment): HTMLElement {
  return h(
    'span',
    {},
    `${moment.time}, block ${moment.blockNumber}, transaction `,
    code(moment.transactionHash),
  );
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/** A number of seconds in words: `1 day and 2 hours`, `6 seconds`. */
export function durationInWords(seconds: number): string {
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
  }
  const last = parts.pop() ?? '0 seconds';
  return parts.length === 0 ? last : `${parts.join(', ')} and ${last}`;
}
