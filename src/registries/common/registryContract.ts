import { type Abi, type Hex, keccak256, toHex } from 'viem';

/** A registry contract as the node knows it. */
export type RegistryContract = {
  /** The Solidity contract (and template) name. */
  contractName: string;
  /** `registryType()`: `keccak256("core.<contractName>")`. */
  type: Hex;
  abi: Abi;
  bytecode: Hex;
};

/**
 * A registry contract from its committed artifact. Keeps the ABI's literal type, so that views
 * are typed by viem from the artifact.
 * - Design: DESIGN.md §4 (type identity)
 */
export function registryContract<const abi extends Abi>(
  contractName: string,
  abi: abi,
  bytecode: Hex,
): { contractName: string; type: Hex; abi: abi; bytecode: Hex } {
  return { contractName, type: keccak256(toHex(`core.${contractName}`)), abi, bytecode };
}
