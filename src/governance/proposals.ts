import {
  type Address,
  concatHex,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  hashTypedData,
  keccak256,
  size,
  slice,
  stringToHex,
  toFunctionSelector,
} from 'viem';
import { SAFE, TIMELOCK } from './contracts.js';
import { type GovernedCall, operationId, type TimelockOperation } from './safeTransactions.js';

/**
 * A decision of the operators' Safe: one plain call (no value, no delegatecall, no refund) at a
 * Safe nonce. Its id is Safe's transaction hash, the hash every approval names.
 * - Design: docs/governance.md ("Proposals")
 */
export type Proposal = { to: Address; data: Hex; nonce: bigint };

/**
 * Marks the proposal appended to its proposer's `approveHash` transaction: Safe reads its one
 * argument and ignores the rest, so the first approval also publishes what it approves.
 */
const PROPOSAL_MARK = keccak256(stringToHex('core-registry governance proposal v1'));
const APPROVE_HASH = toFunctionSelector('approveHash(bytes32)');
const PROPOSAL_FIELDS = [
  { type: 'bytes32' },
  { type: 'address' },
  { type: 'bytes' },
  { type: 'uint256' },
] as const;

/** Safe's EIP-712 hash of a proposal (`getTransactionHash`), computed as the contract does. */
export function proposalId(proposal: Proposal, safe: { address: Address; chainId: number }): Hex {
  return hashTypedData({
    domain: { chainId: safe.chainId, verifyingContract: safe.address },
    types: {
      SafeTx: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'data', type: 'bytes' },
        { name: 'operation', type: 'uint8' },
        { name: 'safeTxGas', type: 'uint256' },
        { name: 'baseGas', type: 'uint256' },
        { name: 'gasPrice', type: 'uint256' },
        { name: 'gasToken', type: 'address' },
        { name: 'refundReceiver', type: 'address' },
        { name: 'nonce', type: 'uint256' },
      ],
    },
    primaryType: 'SafeTx',
    message: {
      to: proposal.to,
      value: 0n,
      data: proposal.data,
      operation: 0,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: ZERO_ADDRESS,
      refundReceiver: ZERO_ADDRESS,
      nonce: proposal.nonce,
    },
  });
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The calldata of an approval; with `proposal`, the proposer's, which publishes it. */
export function approvalData(id: Hex, proposal?: Proposal): Hex {
  const approve = encodeFunctionData({ abi: SAFE.abi, functionName: 'approveHash', args: [id] });
  if (!proposal) return approve;
  return concatHex([
    approve,
    encodeAbiParameters(PROPOSAL_FIELDS, [
      PROPOSAL_MARK,
      proposal.to,
      proposal.data,
      proposal.nonce,
    ]),
  ]);
}

/**
 * The proposal an approval transaction publishes, when its input is `approveHash(id)` followed by
 * a proposal whose hash is `id`; `undefined` for a plain approval or anything else.
 */
export function readPublishedProposal(
  input: Hex,
  safe: { address: Address; chainId: number },
): { id: Hex; proposal: Proposal } | undefined {
  if (size(input) <= 36 || slice(input, 0, 4) !== APPROVE_HASH) return undefined;
  try {
    const id = slice(input, 4, 36);
    const [mark, to, data, nonce] = decodeAbiParameters(PROPOSAL_FIELDS, slice(input, 36));
    if (mark !== PROPOSAL_MARK) return undefined;
    const proposal = { to: getAddress(to), data, nonce };
    return proposalId(proposal, safe) === id ? { id, proposal } : undefined;
  } catch {
    return undefined;
  }
}

/** What a proposal does, read from its call. */
export type ProposalAction =
  /** Schedules timelocked calls: they run once the notice period has passed. */
  | { kind: 'schedule'; operation: TimelockOperation; operationId: Hex }
  /** Cancels a scheduled operation of the timelock. */
  | { kind: 'cancel'; operationId: Hex }
  /** Changes the Safe itself: its owners or threshold (not timelocked). */
  | { kind: 'membership'; call: GovernedCall }
  /** Does nothing: executed, it uses up its nonce, so that other proposals at that nonce never run. */
  | { kind: 'rejection' }
  /** Any other call the Safe could make. */
  | { kind: 'call'; call: GovernedCall };

/** The Safe's own functions that change who decides. */
const MEMBERSHIP = new Set([
  'addOwnerWithThreshold',
  'removeOwner',
  'swapOwner',
  'changeThreshold',
]);

/** Reads what a proposal of the Safe `safe`, whose timelock is `timelock`, does. */
export function readProposalAction(
  proposal: Pick<Proposal, 'to' | 'data'>,
  governance: { safe: Address; timelock: Address },
): ProposalAction {
  const call = { target: proposal.to, data: proposal.data };
  if (proposal.to === governance.safe) {
    if (proposal.data === '0x') return { kind: 'rejection' };
    const name = tryDecode(SAFE.abi, proposal.data)?.functionName;
    return name && MEMBERSHIP.has(name) ? { kind: 'membership', call } : { kind: 'call', call };
  }
  if (proposal.to === governance.timelock) {
    const decoded = tryDecode(TIMELOCK.abi, proposal.data);
    if (decoded?.functionName === 'scheduleBatch') {
      const [targets, values, payloads, , salt, delay] = decoded.args as [
        Address[],
        bigint[],
        Hex[],
        Hex,
        Hex,
        bigint,
      ];
      const calls = targets.map((target, i) => ({
        target: getAddress(target),
        value: values[i] ?? 0n,
        data: payloads[i] ?? '0x',
      }));
      const operation = { calls, salt, delaySeconds: Number(delay) };
      return { kind: 'schedule', operation, operationId: operationId(operation) };
    }
    if (decoded?.functionName === 'cancel') {
      return { kind: 'cancel', operationId: decoded.args[0] as Hex };
    }
  }
  return { kind: 'call', call };
}

function tryDecode<const abi extends readonly unknown[]>(abi: abi, data: Hex) {
  try {
    return decodeFunctionData({ abi: abi as never, data }) as {
      functionName: string;
      args: readonly unknown[];
    };
  } catch {
    return undefined;
  }
}
