import type { Address, Hex } from 'viem';
import { type Proposal, type ProposalAction, readProposalAction } from './proposals.js';

/** Where and when something happened on the ledger. */
export type LedgerMoment = { blockNumber: bigint; transactionHash: Hex; timestamp: number };

/** What the governance contracts logged, decoded: the input of {@link toProposalHistory}. */
export type GovernanceLogs = {
  /** Proposals published with their proposer's approval (`readPublishedProposal`). */
  published: (LedgerMoment & { id: Hex; proposal: Proposal; proposer: Address })[];
  /** Every `approveHash` of an owner (`ApproveHash`), the proposers' included. */
  approvals: (LedgerMoment & { id: Hex; owner: Address })[];
  /** Every transaction the Safe ran or tried (`SafeMultiSigTransaction` with its outcome). */
  executions: (LedgerMoment & {
    id: Hex;
    proposal: Proposal;
    executor: Address;
    success: boolean;
  })[];
  /** The timelock's operations: scheduled (with when they are due), executed, cancelled. */
  scheduled: (LedgerMoment & { operationId: Hex; readyAt: number })[];
  executedOperations: (LedgerMoment & { operationId: Hex })[];
  cancelledOperations: (LedgerMoment & { operationId: Hex })[];
};

/** The Safe and the timelock as they are now. */
export type GovernanceState = {
  safe: Address;
  timelock: Address;
  members: Address[];
  threshold: number;
  /** The nonce of the Safe's next transaction. */
  nonce: bigint;
  delaySeconds: number;
  /**
   * The latest block's time, Unix seconds: what "ready" is measured against. A ledger that mines
   * only when a transaction comes shows a scheduled operation as such until its next block.
   */
  now: number;
};

/**
 * Where a proposal stands:
 * - `pending`: collecting approvals; `approved`: enough to be executed (the executor's own counts);
 * - `queued`: its nonce is not the Safe's next yet; `superseded`: another decision used its nonce;
 * - `failed`: the Safe ran it and the call reverted (its nonce is used);
 * - `scheduled`: the timelock holds it until `readyAt`; `ready`: due, anyone may execute it;
 * - `executed`; `cancelled`: the timelock's operation was cancelled before it ran.
 */
export type ProposalStatus =
  | 'pending'
  | 'approved'
  | 'queued'
  | 'superseded'
  | 'failed'
  | 'scheduled'
  | 'ready'
  | 'executed'
  | 'cancelled';

export type ProposalRecord = {
  id: Hex;
  proposal: Proposal;
  action: ProposalAction;
  status: ProposalStatus;
  proposer?: Address;
  proposed?: LedgerMoment;
  /** The current members' approvals, in order. */
  approvals: (LedgerMoment & { owner: Address })[];
  /** When the Safe ran it, and who sent it. */
  decided?: LedgerMoment & { executor: Address };
  /** A timelocked operation's due time, Unix seconds. */
  readyAt?: number;
  executed?: LedgerMoment;
  cancelled?: LedgerMoment;
};

/**
 * Every proposal the ledger shows, newest first: those published with an approval, and every
 * transaction the Safe ran (whether or not it was published first), each with its approvals and
 * where it stands. A pure function of the governance's logs and state.
 */
export function toProposalHistory(logs: GovernanceLogs, state: GovernanceState): ProposalRecord[] {
  const members = new Set(state.members);
  const records = new Map<Hex, ProposalRecord>();
  const record = (id: Hex, proposal: Proposal): ProposalRecord => {
    let entry = records.get(id);
    if (!entry) {
      entry = {
        id,
        proposal,
        action: readProposalAction(proposal, state),
        status: 'pending',
        approvals: [],
      };
      records.set(id, entry);
    }
    return entry;
  };
  for (const { id, proposal, proposer, ...moment } of logs.published) {
    const entry = record(id, proposal);
    if (entry.proposed) continue;
    entry.proposer = proposer;
    entry.proposed = moment;
  }
  for (const { id, proposal, executor, success, ...moment } of logs.executions) {
    const entry = record(id, proposal);
    entry.decided = { ...moment, executor };
    if (!success) entry.status = 'failed';
  }
  for (const { id, owner, ...moment } of logs.approvals) {
    const entry = records.get(id);
    if (!entry || !members.has(owner) || entry.approvals.some((a) => a.owner === owner)) continue;
    entry.approvals.push({ ...moment, owner });
  }
  const byOperation = (list: (LedgerMoment & { operationId: Hex })[]) =>
    new Map(list.map(({ operationId, ...moment }) => [operationId, moment] as const));
  const executed = byOperation(logs.executedOperations);
  const cancelled = byOperation(logs.cancelledOperations);
  const due = new Map(logs.scheduled.map((entry) => [entry.operationId, entry.readyAt]));
  for (const entry of records.values()) {
    entry.status = statusOf(entry, state, { executed, cancelled, due });
  }
  return [...records.values()].sort((a, b) => {
    const at = (entry: ProposalRecord) => entry.proposed?.blockNumber ?? entry.decided?.blockNumber;
    return Number((at(b) ?? 0n) - (at(a) ?? 0n)) || Number(b.proposal.nonce - a.proposal.nonce);
  });
}

function statusOf(
  entry: ProposalRecord,
  state: GovernanceState,
  operations: {
    executed: Map<Hex, LedgerMoment>;
    cancelled: Map<Hex, LedgerMoment>;
    due: Map<Hex, number>;
  },
): ProposalStatus {
  if (entry.status === 'failed') return 'failed';
  if (!entry.decided) {
    if (entry.proposal.nonce < state.nonce) return 'superseded';
    if (entry.proposal.nonce > state.nonce) return 'queued';
    return entry.approvals.length >= state.threshold ? 'approved' : 'pending';
  }
  if (entry.action.kind !== 'schedule') return 'executed';
  const { operationId } = entry.action;
  const readyAt = operations.due.get(operationId);
  if (readyAt !== undefined) entry.readyAt = readyAt;
  const executed = operations.executed.get(operationId);
  if (executed) {
    entry.executed = executed;
    return 'executed';
  }
  const cancelled = operations.cancelled.get(operationId);
  if (cancelled) {
    entry.cancelled = cancelled;
    return 'cancelled';
  }
  return readyAt !== undefined && state.now >= readyAt ? 'ready' : 'scheduled';
}
