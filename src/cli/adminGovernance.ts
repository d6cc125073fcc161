import { randomBytes } from 'node:crypto';
import { type Address, encodeFunctionData, getAddress, type Hex, isAddress, toHex } from 'viem';
import type { GovernanceJson, ProposalJson } from '../governance/api/toGovernanceJson.js';
import { SAFE, TIMELOCK } from '../governance/contracts.js';
import { callInWords } from '../governance/describeCall.js';
import { parseDelay } from '../governance/governancePlan.js';
import { approvalData, proposalId, readProposalAction } from '../governance/proposals.js';
import {
  approvedSignatures,
  executeData,
  type GovernedCall,
  safeCallArgs,
  scheduleData,
} from '../governance/safeTransactions.js';
import type { AdminContext } from './adminContext.js';
import {
  assertMember,
  findProposal,
  type Member,
  readGovernance,
  readMember,
  sendToGovernance,
} from './governanceMember.js';
import type { PlannedWrite } from './operatorSteps.js';
import { CliPreconditionError, CliUsageError } from './output.js';

/** What a proposal asks the Safe to do, in words and as its call. */
export type GovernanceAction = { words: string[]; call: { to: Address; data: Hex } };

/** Statuses of proposals that still wait for the Safe: a new one queues behind them. */
const OPEN: ReadonlySet<ProposalJson['status']> = new Set(['pending', 'approved', 'queued']);
/** Safe's linked list of owners starts here: the "previous owner" of the first one. */
const SENTINEL_OWNER = '0x0000000000000000000000000000000000000001';

/**
 * The registry writes of an admin command as one timelocked decision: the Safe schedules them in
 * the timelock, which runs them after the notice period.
 */
export async function scheduleWrites(
  context: AdminContext,
  governance: GovernanceJson,
  writes: readonly PlannedWrite[],
): Promise<GovernanceAction> {
  const calls: GovernedCall[] = [];
  for (const write of writes) {
    const served = await context.client.abi(write.registry);
    calls.push({
      target: write.contractAddress ?? context.contractAddress ?? served.contractAddress,
      data: encodeFunctionData({
        abi: served.abi,
        functionName: write.functionName,
        args: write.args,
      } as never),
    });
  }
  return scheduleCalls(
    governance,
    calls,
    writes.map((write) => write.step),
  );
}

/** Calls the timelock runs once the notice period has passed, as the Safe's call. */
export function scheduleCalls(
  governance: GovernanceJson,
  calls: GovernedCall[],
  words: string[],
): GovernanceAction {
  const operation = {
    calls,
    salt: toHex(randomBytes(32)),
    delaySeconds: governance.delaySeconds,
  };
  return {
    words: [
      ...words,
      `(scheduled in the timelock ${governance.timelock}: runs ${governance.delaySeconds === 0 ? 'as soon as' : `${notice(governance.delaySeconds)} after`} the Safe decides)`,
    ],
    call: { to: governance.timelock, data: scheduleData(operation) },
  };
}

/** A change of the Safe itself: its owners or threshold (not timelocked: Safe calls only itself). */
export function membershipAction(
  governance: GovernanceJson,
  [verb, ...args]: string[],
): GovernanceAction {
  const address = (value: string | undefined, role: string) => {
    if (value === undefined || !isAddress(value, { strict: false })) {
      throw new CliUsageError(`admin propose ${verb} takes ${role} address`);
    }
    return getAddress(value);
  };
  const members = governance.members;
  const thresholdOf = (value: string | undefined, count: number) => {
    const threshold = value === undefined ? governance.threshold : Number(value);
    if (!Number.isSafeInteger(threshold) || threshold < 1 || threshold > count) {
      throw new CliUsageError(
        `The threshold must be a whole number from 1 to ${count} (the operators after the change)`,
      );
    }
    return threshold;
  };
  const safeCall = (functionName: string, callArgs: readonly unknown[]) => ({
    to: governance.safe,
    data: encodeFunctionData({ abi: SAFE.abi, functionName, args: callArgs } as never),
  });
  const previousOf = (owner: Address) => {
    const index = members.indexOf(owner);
    if (index < 0) throw new CliPreconditionError(`${owner} is not an operator`);
    return index === 0 ? SENTINEL_OWNER : (members[index - 1] as Address);
  };
  switch (verb) {
    case 'add-operator': {
      const owner = address(args[0], "the new operator's");
      if (members.includes(owner))
        throw new CliPreconditionError(`${owner} is an operator already`);
      const threshold = thresholdOf(args[1], members.length + 1);
      return {
        words: [`Add ${owner} to the operators; ${threshold} of ${members.length + 1} decide`],
        call: safeCall('addOwnerWithThreshold', [owner, BigInt(threshold)]),
      };
    }
    case 'remove-operator': {
      const owner = address(args[0], "the operator's");
      const threshold = thresholdOf(
        args[1] ?? String(Math.min(governance.threshold, members.length - 1)),
        members.length - 1,
      );
      return {
        words: [`Remove ${owner} from the operators; ${threshold} of ${members.length - 1} decide`],
        call: safeCall('removeOwner', [previousOf(owner), owner, BigInt(threshold)]),
      };
    }
    case 'replace-operator': {
      const [old, next] = [address(args[0], "the old key's"), address(args[1], "the new key's")];
      if (members.includes(next)) throw new CliPreconditionError(`${next} is an operator already`);
      return {
        words: [`Replace the operator ${old} by ${next} (a key rotation)`],
        call: safeCall('swapOwner', [previousOf(old), old, next]),
      };
    }
    case 'threshold': {
      const threshold = thresholdOf(args[0] ?? '', members.length);
      return {
        words: [`Change the threshold: ${threshold} of ${members.length} operators decide`],
        call: safeCall('changeThreshold', [BigInt(threshold)]),
      };
    }
    default:
      throw new CliUsageError(`Unknown governance change "${verb}"`);
  }
}

/** A new notice period: the timelock changes its own delay, itself after the current one. */
export function delayAction(governance: GovernanceJson, [value, ...extra]: string[]) {
  const delaySeconds = value === undefined ? undefined : parseDelay(value);
  if (delaySeconds === undefined || extra.length > 0) {
    throw new CliUsageError(
      'admin propose delay takes a duration of at most 30 days: seconds, or a number with s, m, h or d',
    );
  }
  return scheduleCalls(
    governance,
    [
      {
        target: governance.timelock,
        data: encodeFunctionData({
          abi: TIMELOCK.abi,
          functionName: 'updateDelay',
          args: [BigInt(delaySeconds)],
        }),
      },
    ],
    [`Change the notice period from ${notice(governance.delaySeconds)} to ${notice(delaySeconds)}`],
  );
}

/**
 * Publishes a proposal with its proposer's approval, at the Safe's next free nonce: after the
 * proposals still open, which the Safe runs first.
 */
export async function propose(
  context: AdminContext,
  governance: GovernanceJson,
  member: Member,
  action: GovernanceAction,
  nonce = nextNonce(governance),
): Promise<void> {
  assertMember(governance, member);
  const proposal = { ...action.call, nonce };
  const id = proposalId(proposal, {
    address: governance.safe,
    chainId: await context.client.chainId(),
  });
  context.output.note(
    [
      `Proposal ${id} (Safe nonce ${nonce}):`,
      ...action.words.map((line) => `  ${line}`),
      `  needs ${governance.threshold} of ${governance.members.length} operators' approvals; yours is the first`,
    ].join('\n'),
  );
  const receipt = await sendToGovernance(
    context,
    member,
    { to: governance.safe, data: approvalData(id, proposal) },
    `Propose and approve ${id.slice(0, 10)}`,
  );
  context.output.result(
    { id, nonce: String(nonce), transactionHash: receipt.transactionHash },
    `${id}\n  proposed and approved by ${member.account.address}; others run "admin approve ${id.slice(0, 10)}"`,
  );
}

function nextNonce(governance: GovernanceJson): bigint {
  const open = governance.proposals.filter((p) => OPEN.has(p.status)).map((p) => BigInt(p.nonce));
  return open.reduce(
    (next, nonce) => (nonce + 1n > next ? nonce + 1n : next),
    BigInt(governance.nonce),
  );
}

/** `admin proposals`: the open proposals (every one with `--all`), newest first. */
export async function listProposals(args: string[], context: AdminContext): Promise<void> {
  if (args.length > 1 || (args[0] !== undefined && args[0] !== 'all')) {
    throw new CliUsageError('admin proposals takes nothing, or "all"');
  }
  const governance = await readGovernance(context);
  const shown = governance.proposals.filter(
    (p) =>
      args[0] === 'all' || OPEN.has(p.status) || p.status === 'scheduled' || p.status === 'ready',
  );
  context.output.result(
    { ...governance, proposals: shown },
    [
      `${governance.threshold} of ${governance.members.length} operators decide (${governance.members.join(', ')}); notice ${notice(governance.delaySeconds)}`,
      ...(shown.length === 0 ? ['no proposal waits'] : shown.flatMap(proposalInWords)),
    ].join('\n'),
  );
}

/** A proposal, in lines for people. */
export function proposalInWords(p: ProposalJson): string[] {
  const kind = {
    schedule: p.delaySeconds
      ? `timelocked, ${notice(p.delaySeconds)} notice`
      : 'timelocked, no notice',
    cancel: `cancels operation ${p.operationId}`,
    membership: 'changes the operators',
    rejection: `rejects the other proposals at nonce ${p.nonce}`,
    call: 'a call of the Safe',
  }[p.kind];
  const approvals = p.approvals.map((a) => a.owner);
  return [
    `${p.id} [${p.status}] nonce ${p.nonce}: ${kind}`,
    ...p.calls.map((call, i) => `  ${i + 1}. ${callInWords(call)}`),
    `  approvals ${approvals.length} of ${p.approvalsNeeded}${approvals.length ? `: ${approvals.join(', ')}` : ''}`,
    ...(p.readyAt && (p.status === 'scheduled' || p.status === 'ready')
      ? [`  executable from ${p.readyAt}`]
      : []),
  ];
}

/** `admin approve <id>`: the member's on-chain approval of a proposal. */
export async function approve([id, ...extra]: string[], context: AdminContext): Promise<void> {
  if (extra.length > 0) throw new CliUsageError('admin approve takes one proposal id');
  const [governance, member] = await Promise.all([readGovernance(context), readMember(context)]);
  assertMember(governance, member);
  const proposal = findProposal(governance, id);
  if (!OPEN.has(proposal.status)) {
    throw new CliPreconditionError(
      `Proposal ${proposal.id} is ${proposal.status}: nothing to approve`,
    );
  }
  if (proposal.approvals.some((a) => a.owner === member.account.address)) {
    throw new CliPreconditionError(`${member.account.address} approved ${proposal.id} already`);
  }
  context.output.note(['Approving:', ...proposalInWords(proposal)].join('\n'));
  const receipt = await sendToGovernance(
    context,
    member,
    { to: governance.safe, data: approvalData(proposal.id as Hex) },
    `Approve ${proposal.id.slice(0, 10)}`,
  );
  const count = proposal.approvals.length + 1;
  context.output.result(
    { id: proposal.id, approvals: count, transactionHash: receipt.transactionHash },
    `${proposal.id}: ${count} of ${proposal.approvalsNeeded} approvals${count >= proposal.approvalsNeeded ? `; "admin execute ${proposal.id.slice(0, 10)}" runs it` : ''}`,
  );
}

/**
 * `admin execute <id>`: the proposal's next step. An approved proposal is sent to the Safe with
 * its approvals (the sender's own counts); a scheduled operation that is due runs in the
 * timelock. A timelocked proposal without notice does both.
 */
export async function execute([id, ...extra]: string[], context: AdminContext): Promise<void> {
  if (extra.length > 0) throw new CliUsageError('admin execute takes one proposal id');
  const [governance, member] = await Promise.all([readGovernance(context), readMember(context)]);
  assertMember(governance, member);
  let proposal = findProposal(governance, id);
  const transactionHashes: Hex[] = [];
  if (proposal.status === 'pending' || proposal.status === 'approved') {
    const approvers = new Set([...proposal.approvals.map((a) => a.owner), member.account.address]);
    if (approvers.size < governance.threshold) {
      throw new CliPreconditionError(
        `Proposal ${proposal.id} has ${proposal.approvals.length} of ${governance.threshold} approvals: ${governance.threshold - approvers.size} more operator(s) must run "admin approve ${proposal.id.slice(0, 10)}"`,
      );
    }
    context.output.note(['Executing in the Safe:', ...proposalInWords(proposal)].join('\n'));
    const call = { to: proposal.to as Address, data: proposal.data };
    const receipt = await sendToGovernance(
      context,
      member,
      {
        to: governance.safe,
        data: encodeFunctionData({
          abi: SAFE.abi,
          functionName: 'execTransaction',
          args: [...safeCallArgs(call), approvedSignatures([...approvers] as Address[])],
        }),
      },
      proposal.kind === 'schedule' ? 'Schedule it in the timelock' : 'Execute it in the Safe',
    );
    transactionHashes.push(receipt.transactionHash);
    if (proposal.kind !== 'schedule' || proposal.delaySeconds !== 0) {
      return executed(context, proposal, transactionHashes);
    }
    proposal = findProposal(await readGovernance(context), proposal.id);
  }
  // "ready" is the latest block's view; a ledger that mines on demand has no block since: the
  // transaction's own block decides, once this machine's clock says the time has come.
  const due = proposal.readyAt !== undefined && Date.parse(proposal.readyAt) <= Date.now();
  if (proposal.status === 'scheduled' && !due) {
    throw new CliPreconditionError(
      `Proposal ${proposal.id} is scheduled: it may run from ${proposal.readyAt}`,
    );
  }
  if (proposal.status !== 'ready' && proposal.status !== 'scheduled') {
    throw new CliPreconditionError(
      `Proposal ${proposal.id} is ${proposal.status}: nothing to execute`,
    );
  }
  const action = readProposalAction(
    { to: proposal.to as Address, data: proposal.data },
    { safe: governance.safe as Address, timelock: governance.timelock as Address },
  );
  if (action.kind !== 'schedule') throw new Error('unreachable: a ready proposal is scheduled');
  context.output.note(['Running in the timelock:', ...proposalInWords(proposal)].join('\n'));
  const receipt = await sendToGovernance(
    context,
    member,
    { to: governance.timelock, data: executeData(action.operation) },
    'Execute the scheduled operation',
  ).catch((error: unknown) => {
    if (proposal.status === 'ready') throw error;
    throw new CliPreconditionError(
      `Proposal ${proposal.id} is scheduled: the ledger's clock has not reached its time (it may run from ${proposal.readyAt}): ${(error as Error).message}`,
    );
  });
  transactionHashes.push(receipt.transactionHash);
  return executed(context, proposal, transactionHashes);
}

async function executed(context: AdminContext, proposal: ProposalJson, transactionHashes: Hex[]) {
  const { status } = findProposal(await readGovernance(context), proposal.id);
  context.output.result(
    { id: proposal.id, status, transactionHashes },
    `${proposal.id}: ${status}${status === 'scheduled' ? ' (run "admin execute" again once it is due)' : ''}`,
  );
}

/**
 * `admin cancel <id>`: proposes what stops a proposal. A scheduled operation is cancelled in the
 * timelock; a proposal still collecting approvals is rejected by a proposal at its nonce that does
 * nothing (Safe's way: whichever runs first uses the nonce up). Either needs the threshold too.
 */
export async function cancel([id, ...extra]: string[], context: AdminContext): Promise<void> {
  if (extra.length > 0) throw new CliUsageError('admin cancel takes one proposal id');
  const [governance, member] = await Promise.all([readGovernance(context), readMember(context)]);
  const proposal = findProposal(governance, id);
  if (proposal.status === 'scheduled' || proposal.status === 'ready') {
    const operationId = proposal.operationId as Hex;
    return propose(context, governance, member, {
      words: [
        `Cancel the scheduled operation ${operationId} of proposal ${proposal.id}:`,
        ...proposalInWords(proposal).slice(1),
      ],
      call: {
        to: governance.timelock as Address,
        data: encodeFunctionData({
          abi: TIMELOCK.abi,
          functionName: 'cancel',
          args: [operationId],
        }),
      },
    });
  }
  if (OPEN.has(proposal.status)) {
    return propose(
      context,
      governance,
      member,
      {
        words: [
          `Reject proposal ${proposal.id}: do nothing at its nonce ${proposal.nonce}, so that it never runs`,
        ],
        call: { to: governance.safe as Address, data: '0x' },
      },
      BigInt(proposal.nonce),
    );
  }
  throw new CliPreconditionError(
    `Proposal ${proposal.id} is ${proposal.status}: nothing to cancel`,
  );
}

function notice(seconds: number): string {
  if (seconds === 0) return '0 s';
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds % size === 0) return `${seconds / size} ${unit}`;
  }
  return `${seconds} s`;
}
