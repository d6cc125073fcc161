import type { Address } from 'viem';
import { readContract } from '../ledger/readContract.js';
import {
  CONTRACTS_REGISTRY_DESCRIPTOR,
  descriptorOf,
  REGISTRY_NAMES,
  type RegistryName,
} from '../registries/catalog.js';
import type { GenesisStep } from '../registries/common/genesisStep.js';
import { ADMIN_POLICIES } from './adminPolicies.js';
import { burstOf, type GenesisRun } from './genesisRun.js';
import { toRegistryLinks } from './initializeArgs.js';

/**
 * Runs each registry's `configure` step on its default instance, in genesis order, then the
 * Contracts Registry's: the admin policies held by the operator, the operator's did:core
 * (RootTAO) and the registry links. One burst: each step plans only what is missing.
 * - Design: DESIGN.md §4, §6, §8
 */
export async function configureRegistries(
  context: GenesisRun,
  contractsRegistry: Address,
  registries: Record<RegistryName, Address>,
  adminHolder: Address,
): Promise<void> {
  const burst = await burstOf(context);
  const links = toRegistryLinks(registries);
  const steps: [GenesisStep, Address][] = [
    ...REGISTRY_NAMES.map((name): [GenesisStep, Address] => [
      descriptorOf(name).genesis,
      registries[name],
    ]),
    [CONTRACTS_REGISTRY_DESCRIPTOR.genesis, contractsRegistry],
  ];
  for (const [step, instance] of steps) {
    await step.configure?.({
      ledger: context.ledger,
      operator: context.operator,
      adminHolder,
      instance,
      read: (call) => readContract(context.ledger, { address: instance, ...call } as never),
      links,
      adminPolicies: ADMIN_POLICIES,
      burst,
    });
  }
  if (burst.size === 0) return;
  context.log(
    `configuring policies, the operator DID and its accreditation (${burst.size} transactions)`,
  );
  await burst.send();
}
