import { type Address, encodeFunctionData, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { SAFE, TIMELOCK } from './contracts.js';
import { type GovernanceLogs, type GovernanceState, toProposalHistory } from './proposalHistory.js';
import {
  approvalData,
  proposalId,
  readProposalAction,
  readPublishedProposal,
} from './proposals.js';
import { operationId, scheduleData, type TimelockOperation } from './safeTransactions.js';

const safe = { address: '0x1111111111111111111111111111111111111111', chainId: 1337 } as const;
const governance = {
  safe: safe.address,
  timelock: '0x2222222222222222222222222222222222222222',
} as const;
const operation: TimelockOperation = {
  calls: [
    { target: '0x3333333333333333333333333333333333333333', value: 0n, data: '0x1234' as Hex },
  ],
  salt: `0x${'ab'.repeat(32)}` as Hex,
  delaySeconds: 60,
};
const schedule = { to: governance.timelock, data: scheduleData(operation), nonce: 4n };
const moment = (blockNumber: bigint, timestamp: number) => ({
  blockNumber,
  transactionHash: `0x${'cd'.repeat(32)}` as Hex,
  timestamp,
});
const [alice, bob, carol] = [
  '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa',
  '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
  '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
] as [Address, Address, Address];

describe('proposals', () => {
  test('default: the proposer’s approval publishes the proposal; a plain or altered one publishes nothing', () => {
    const id = proposalId(schedule, safe);
    expect(readPublishedProposal(approvalData(id, schedule), safe)).toEqual({
      id,
      proposal: schedule,
    });
    expect(readPublishedProposal(approvalData(id), safe)).toBeUndefined();
    // A proposal appended to the approval of another hash is not what was approved.
    const other = proposalId({ ...schedule, nonce: 5n }, safe);
    expect(readPublishedProposal(approvalData(other, schedule), safe)).toBeUndefined();
    expect(
      readPublishedProposal(approvalData(id, schedule), { ...safe, chainId: 1 }),
    ).toBeUndefined();
  });

  test('behavior: what a proposal does is read from its call', () => {
    expect(readProposalAction(schedule, governance)).toEqual({
      kind: 'schedule',
      operation,
      operationId: operationId(operation),
    });
    const cancel = encodeFunctionData({
      abi: TIMELOCK.abi,
      functionName: 'cancel',
      args: [operationId(operation)],
    });
    expect(readProposalAction({ to: governance.timelock, data: cancel }, governance)).toEqual({
      kind: 'cancel',
      operationId: operationId(operation),
    });
    const add = encodeFunctionData({ abi: SAFE.abi, functionName: 'changeThreshold', args: [2n] });
    expect(readProposalAction({ to: safe.address, data: add }, governance).kind).toBe('membership');
    expect(readProposalAction({ to: safe.address, data: '0x' }, governance).kind).toBe('rejection');
  });

  test('behavior: a proposal’s status follows its approvals, the Safe’s nonce and the timelock', () => {
    const id = proposalId(schedule, safe);
    const state: GovernanceState = {
      ...governance,
      members: [alice, bob, carol],
      threshold: 2,
      nonce: 4n,
      delaySeconds: 60,
      now: 1000,
    };
    const logs: GovernanceLogs = {
      published: [{ ...moment(10n, 900), id, proposal: schedule, proposer: alice }],
      approvals: [{ ...moment(10n, 900), id, owner: alice }],
      executions: [],
      scheduled: [],
      executedOperations: [],
      cancelledOperations: [],
    };
    const statusOf = (l = logs, s = state) => toProposalHistory(l, s)[0]?.status;
    expect(statusOf()).toBe('pending');
    const approved = {
      ...logs,
      approvals: [...logs.approvals, { ...moment(11n, 910), id, owner: bob }],
    };
    expect(statusOf(approved)).toBe('approved');
    // An approval of someone who is no longer an operator does not count.
    expect(statusOf(approved, { ...state, members: [alice, carol] })).toBe('pending');
    expect(statusOf(logs, { ...state, nonce: 5n })).toBe('superseded');
    expect(statusOf(logs, { ...state, nonce: 3n })).toBe('queued');
    const opId = operationId(operation);
    const decided = {
      ...approved,
      executions: [{ ...moment(12n, 920), id, proposal: schedule, executor: carol, success: true }],
      scheduled: [{ ...moment(12n, 920), operationId: opId, readyAt: 980 }],
    };
    expect(statusOf(decided, { ...state, nonce: 5n, now: 970 })).toBe('scheduled');
    expect(statusOf(decided, { ...state, nonce: 5n, now: 980 })).toBe('ready');
    expect(
      statusOf({ ...decided, executedOperations: [{ ...moment(13n, 990), operationId: opId }] }),
    ).toBe('executed');
    expect(
      statusOf({ ...decided, cancelledOperations: [{ ...moment(13n, 990), operationId: opId }] }),
    ).toBe('cancelled');
  });
});
