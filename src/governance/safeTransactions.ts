import {
  type Address,
  concatHex,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  padHex,
} from 'viem';
import { TIMELOCK } from './contracts.js';

/** A call the governance makes: from the timelock, once scheduled and due. */
export type GovernedCall = { target: Address; value?: bigint; data: Hex };

/** What a governance decision is, for the timelock: its calls, the operation's salt and delay. */
export type TimelockOperation = { calls: GovernedCall[]; salt: Hex; delaySeconds: number };

const ZERO = padHex('0x', { size: 32 });

/** `targets, values, payloads, predecessor, salt`: the arguments every batch function of the timelock starts with. */
function batchArgs({ calls, salt }: Pick<TimelockOperation, 'calls' | 'salt'>) {
  return [
    calls.map((call) => call.target),
    calls.map((call) => call.value ?? 0n),
    calls.map((call) => call.data),
    ZERO,
    salt,
  ] as const;
}

/**
 * The timelock's id of an operation: `hashOperationBatch(targets, values, payloads, 0, salt)`,
 * computed as the contract does.
 */
export function operationId(operation: Pick<TimelockOperation, 'calls' | 'salt'>): Hex {
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address[]' },
        { type: 'uint256[]' },
        { type: 'bytes[]' },
        { type: 'bytes32' },
        { type: 'bytes32' },
      ],
      batchArgs(operation),
    ),
  );
}

/** The calldata of `scheduleBatch` for an operation: what the operators' Safe sends the timelock. */
export function scheduleData(operation: TimelockOperation): Hex {
  return encodeFunctionData({
    abi: TIMELOCK.abi,
    functionName: 'scheduleBatch',
    args: [...batchArgs(operation), BigInt(operation.delaySeconds)],
  });
}

/** The calldata of `executeBatch`: anyone may send it once the operation is due. */
export function executeData(operation: Pick<TimelockOperation, 'calls' | 'salt'>): Hex {
  return encodeFunctionData({
    abi: TIMELOCK.abi,
    functionName: 'executeBatch',
    args: batchArgs(operation),
  });
}

/**
 * The leading arguments of Safe's `getTransactionHash` and `execTransaction` for a plain call
 * (no value, no delegatecall, no refund): what the governance's Safe transactions all are.
 */
export function safeCallArgs(call: { to: Address; data: Hex }) {
  return [call.to, 0n, call.data, 0, 0n, 0n, 0n, ZERO_ADDRESS, ZERO_ADDRESS] as const;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Safe's signatures of owners who approved a transaction on-chain (`approveHash`) or who send it
 * themselves: one "pre-validated" entry per owner (`r` = the owner, `s` = 0, `v` = 1), in the
 * ascending owner order Safe requires. Every approval is thus a public transaction of its owner.
 */
export function approvedSignatures(owners: readonly Address[]): Hex {
  const sorted = [...owners].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  return concatHex(sorted.map((owner) => concatHex([padHex(owner, { size: 32 }), ZERO, '0x01'])));
}
