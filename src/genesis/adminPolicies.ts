import {
  CONTRACTS_REGISTRY_DESCRIPTOR,
  descriptorOf,
  REGISTRY_NAMES,
} from '../registries/catalog.js';

/**
 * The admin policies of an environment, each a `<REGISTRY>:<function>` attribute that contracts
 * check on `msg.sender`, gathered from the registries' genesis steps in genesis order, the
 * Contracts Registry's last. Genesis inserts them all and gives them to the operator.
 * - Design: DESIGN.md §4, §6; reference/ebsi-contracts.md §2.5
 */
export const ADMIN_POLICIES: Readonly<Record<string, string>> = Object.assign(
  {},
  ...REGISTRY_NAMES.map((name) => descriptorOf(name).genesis.adminPolicies),
  CONTRACTS_REGISTRY_DESCRIPTOR.genesis.adminPolicies,
);
