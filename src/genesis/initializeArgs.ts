import type { Address } from 'viem';
import { descriptorOf, type RegistryName, registryOfRole } from '../registries/catalog.js';
import type { RegistryLinks } from '../registries/common/genesisStep.js';

/**
 * The registries an instance links to: the environment's default Policies Registry and DID
 * Registry (found by role, never by name).
 */
export function toRegistryLinks(defaults: Readonly<Record<RegistryName, Address>>): RegistryLinks {
  return {
    policiesRegistry: defaults[registryOfRole('policies')],
    didRegistry: defaults[registryOfRole('dids')],
  };
}

/**
 * Arguments of a registry's `initialize`, linking it to the environment's defaults deployed
 * before it (its descriptor's genesis step says which).
 * - Design: DESIGN.md §4, §8
 */
export function initializeArgs(
  name: RegistryName,
  operator: Address,
  defaults: Readonly<Record<RegistryName, Address>>,
): unknown[] {
  return descriptorOf(name).genesis.initializeArgs(operator, toRegistryLinks(defaults));
}
