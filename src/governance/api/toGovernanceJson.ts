import type { Address, Hex } from 'viem';
import { type DescribedCall, describeCall, type KnownContract } from '../describeCall.js';
import type {
  GovernanceState,
  LedgerMoment,
  ProposalRecord,
  ProposalStatus,
} from '../proposalHistory.js';

type MomentJson = { blockNumber: number; transactionHash: Hex; time: string };

/** A proposal as `GET /v1/governance` shows it. */
export type ProposalJson = {
  id: Hex;
  nonce: string;
  status: ProposalStatus;
  kind: ProposalRecord['action']['kind'];
  /** What the Safe calls: the timelock, or itself; and the call's data. */
  to: Address;
  data: Hex;
  /** What happens when it runs: a timelocked operation's calls, or the Safe's own call. */
  calls: DescribedCall[];
  operationId?: Hex;
  delaySeconds?: number;
  proposer?: Address;
  proposed?: MomentJson;
  approvals: (MomentJson & { owner: Address })[];
  approvalsNeeded: number;
  decided?: MomentJson & { executor: Address };
  readyAt?: string;
  executed?: MomentJson;
  cancelled?: MomentJson;
};

export type GovernanceJson = {
  governed: true;
  safe: Address;
  timelock: Address;
  members: Address[];
  threshold: number;
  delaySeconds: number;
  nonce: string;
  proposals: ProposalJson[];
};

const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

function toMoment({ blockNumber, transactionHash, timestamp }: LedgerMoment): MomentJson {
  return { blockNumber: Number(blockNumber), transactionHash, time: isoTime(timestamp) };
}

/** One proposal, its calls decoded against `contracts`. */
export function toProposalJson(
  record: ProposalRecord,
  state: Pick<GovernanceState, 'threshold'>,
  contracts: readonly KnownContract[],
): ProposalJson {
  const { action, proposal } = record;
  const calls =
    action.kind === 'schedule'
      ? action.operation.calls
      : action.kind === 'rejection'
        ? []
        : [{ target: proposal.to, data: proposal.data }];
  return {
    id: record.id,
    nonce: String(proposal.nonce),
    status: record.status,
    kind: action.kind,
    to: proposal.to,
    data: proposal.data,
    calls: calls.map((call) => describeCall(call, contracts)),
    ...(action.kind === 'schedule' || action.kind === 'cancel'
      ? { operationId: action.operationId }
      : {}),
    ...(action.kind === 'schedule' ? { delaySeconds: action.operation.delaySeconds } : {}),
    ...(record.proposer ? { proposer: record.proposer } : {}),
    ...(record.proposed ? { proposed: toMoment(record.proposed) } : {}),
    approvals: record.approvals.map((approval) => ({
      ...toMoment(approval),
      owner: approval.owner,
    })),
    approvalsNeeded: state.threshold,
    ...(record.decided
      ? { decided: { ...toMoment(record.decided), executor: record.decided.executor } }
      : {}),
    ...(record.readyAt === undefined ? {} : { readyAt: isoTime(record.readyAt) }),
    ...(record.executed ? { executed: toMoment(record.executed) } : {}),
    ...(record.cancelled ? { cancelled: toMoment(record.cancelled) } : {}),
  };
}
