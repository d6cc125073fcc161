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

/**
 * The timelock's id of an operation: `hashOperationBatch(targets, values, payloads, 0, salt)`,
 * computed as the contract does.
 */
export function operationId({ calls, salt }: Pick<TimelockOperation, 'calls' | 'salt'>): Hex {
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address[]' },
        { type: 'uint256[]' },
        { type: 'bytes[]' },
        { type: 'bytes32' },
        { type: 'bytes32' },
      ],
      [
        calls.map((call) => call.target),
        calls.map((call) => call.value ?? 0n),
        calls.map((call) => call.data),
        ZERO,
        salt,
      ],
    ),
  );
}

/** The calldata of `scheduleBatch` for an operation: what the operators' Safe sends the timelock. */
export function scheduleData({ calls, salt, delaySeconds }: TimelockOperation): Hex {
  return encodeFunctionData({
    abi: TIMELOCK.abi,
    functionName: 'scheduleBatch',
    args: [
      calls.map((call) => call.target),
      calls.map((call) => call.value ?? 0n),
      calls.map((call) => call.data),
      ZERO,
      salt,
      BigInt(delaySeconds),
    ],
  });
}

/** The calldata of `executeBatch`: anyone may send it once the operation is due. */
export function executeData({ calls, salt }: Pick<TimelockOperation, 'calls' | 'salt'>): Hex {
  return encodeFunctionData({
    abi: TIMELOCK.abi,
    functionName: 'executeBatch',
    args: [
      calls.map((call) => call.target),
      calls.map((call) => call.value ?? 0n),
      calls.map((call) => call.data),
      ZERO,
      salt,
    ],
  });
}

/**
 * Safe's signatures of owners who approved a transaction on-chain (`approveHash`) or who send it
 * themselves: one "pre-validated" entry per owner (`r` = the owner, `s` = 0, `v` = 1), in the
 * ascending owner order Safe requires. Every approval is thus a public transaction of its owner.
 */
export function approvedSignatures(owners: readonly Address[]): Hex {
  const sorted = [...owners].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  return concatHex(sorted.map((owner) => concatHex([padHex(owner, { size: 32 }), ZERO, '0x01'])));
}
