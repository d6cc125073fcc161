import { type Abi, type AbiParameter, type Address, decodeFunctionData, type Hex } from 'viem';
import { SAFE, TIMELOCK } from './contracts.js';
import type { GovernedCall } from './safeTransactions.js';

/** A contract the governance may call, by name: a registry, the Safe, the timelock. */
export type KnownContract = { address: Address; name: string; abi: Abi };

/** A call decoded for people: which contract, which function, its arguments by name. */
export type DescribedCall = {
  target: Address;
  /** The contract's name (`policies-registry`, `safe`, …); `null` for an unknown address. */
  contract: string | null;
  /** The function called; `null` when the data matches no function of the contract. */
  function: string | null;
  /** The arguments by parameter name, as JSON (numbers as decimal strings); `null` as above. */
  args: Record<string, unknown> | null;
  value: string;
  data: Hex;
};

/** The governance's own contracts, to decode alongside the registries. */
export function governanceContracts(governance: {
  safe: Address;
  timelock: Address;
}): KnownContract[] {
  return [
    { address: governance.safe, name: 'safe', abi: SAFE.abi as Abi },
    { address: governance.timelock, name: 'timelock', abi: TIMELOCK.abi as Abi },
  ];
}

/** Decodes `call` against the contract at its target, if known. */
export function describeCall(
  call: GovernedCall,
  contracts: readonly KnownContract[],
): DescribedCall {
  const known = contracts.find((contract) => contract.address === call.target);
  const base = { target: call.target, value: String(call.value ?? 0n), data: call.data };
  if (!known) return { ...base, contract: null, function: null, args: null };
  try {
    const { functionName, args = [] } = decodeFunctionData({ abi: known.abi, data: call.data });
    const inputs = findInputs(known.abi, functionName, args.length);
    const named = Object.fromEntries(
      args.map((arg, i) => [inputs[i]?.name || `arg${i}`, toJson(arg)]),
    );
    return { ...base, contract: known.name, function: functionName, args: named };
  } catch {
    return { ...base, contract: known.name, function: null, args: null };
  }
}

/** One line for people: `policies-registry.insertUserAttributes(user=0x…, attributes=[…])`. */
export function callInWords(call: DescribedCall): string {
  if (call.function === null || call.args === null) {
    return `${call.contract ?? call.target}: call with data ${call.data}`;
  }
  const args = Object.entries(call.args)
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
  return `${call.contract}.${call.function}(${args})`;
}

function findInputs(abi: Abi, name: string, count: number): readonly AbiParameter[] {
  const item = abi.find(
    (entry) => entry.type === 'function' && entry.name === name && entry.inputs.length === count,
  );
  return item && item.type === 'function' ? item.inputs : [];
}

function toJson(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, toJson(entry)]));
  }
  return value;
}
