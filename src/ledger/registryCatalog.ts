import { type Abi, type Hex, keccak256, toHex } from 'viem';
import {
  contractsRegistryAbi,
  contractsRegistryBytecode,
} from '../../artifacts/ContractsRegistry.js';
import { didRegistryAbi, didRegistryBytecode } from '../../artifacts/DidRegistry.js';
import { issuersRegistryAbi, issuersRegistryBytecode } from '../../artifacts/IssuersRegistry.js';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import { schemasRegistryAbi, schemasRegistryBytecode } from '../../artifacts/SchemasRegistry.js';
import { timestampAbi, timestampBytecode } from '../../artifacts/Timestamp.js';
import { trackAndTraceAbi, trackAndTraceBytecode } from '../../artifacts/TrackAndTrace.js';

/** A registry contract as the node knows it. */
export type RegistryContract = {
  /** The Solidity contract (and template) name. */
  contractName: string;
  /** `registryType()`: `keccak256("core.<contractName>")`. */
  type: Hex;
  abi: Abi;
  bytecode: Hex;
};

/** Keeps each ABI's literal type, so that views are typed by viem from the artifact. */
function entry<const abi extends Abi>(contractName: string, abi: abi, bytecode: Hex) {
  return { contractName, type: keccak256(toHex(`core.${contractName}`)), abi, bytecode };
}

/**
 * The registries of an environment, by their URL segment (SPEC.md §1), in genesis order: each
 * instance may link only to the ones before it.
 * - Design: DESIGN.md §4
 */
export const REGISTRIES = {
  'policies-registry': entry('PoliciesRegistry', policiesRegistryAbi, policiesRegistryBytecode),
  'did-registry': entry('DidRegistry', didRegistryAbi, didRegistryBytecode),
  'issuers-registry': entry('IssuersRegistry', issuersRegistryAbi, issuersRegistryBytecode),
  'schemas-registry': entry('SchemasRegistry', schemasRegistryAbi, schemasRegistryBytecode),
  timestamp: entry('Timestamp', timestampAbi, timestampBytecode),
  'track-and-trace': entry('TrackAndTrace', trackAndTraceAbi, trackAndTraceBytecode),
} as const satisfies Record<string, RegistryContract>;

export type RegistryName = keyof typeof REGISTRIES;
export const REGISTRY_NAMES = Object.keys(REGISTRIES) as RegistryName[];

/** The registry of registry instances (SPEC.md §1: Contracts Registry). */
export const CONTRACTS_REGISTRY = entry(
  'ContractsRegistry',
  contractsRegistryAbi,
  contractsRegistryBytecode,
);

/** The registry name of a `registryType()` value, if it is one of ours. */
export function toRegistryName(type: Hex): RegistryName | undefined {
  return REGISTRY_NAMES.find((name) => REGISTRIES[name].type === type.toLowerCase());
}

/**
 * Every custom error of every committed ABI, so that a revert bubbling up from a linked or
 * initialised contract still decodes.
 */
export const ALL_ERRORS_ABI: Abi = dedupe(
  [CONTRACTS_REGISTRY, ...Object.values(REGISTRIES)].flatMap(({ abi }) =>
    abi.filter((item) => item.type === 'error'),
  ),
);

function dedupe(items: Abi): Abi {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
