import type { Hex } from 'viem';
import type { RegistryDescriptor, RegistryRole } from './common/registryDescriptor.js';
import { contractsRegistryDescriptor } from './contracts-registry/index.js';
import { didRegistryDescriptor } from './did-registry/index.js';
import { issuersRegistryDescriptor } from './issuers-registry/index.js';
import { policiesRegistryDescriptor } from './policies-registry/index.js';
import { schemasRegistryDescriptor } from './schemas-registry/index.js';
import { timestampDescriptor } from './timestamp/index.js';
import { trackAndTraceDescriptor } from './track-and-trace/index.js';

/**
 * The registry types this node serves: the one place that lists them. Everything else (genesis,
 * the write gate, the scopes, the server, the SDK's names) iterates over this list.
 * - Design: DESIGN.md §3
 */
export const REGISTRY_DESCRIPTORS = [
  didRegistryDescriptor,
  issuersRegistryDescriptor,
  policiesRegistryDescriptor,
  schemasRegistryDescriptor,
  timestampDescriptor,
  trackAndTraceDescriptor,
] as const;

/** The registry of registry instances, served beside them. */
export const CONTRACTS_REGISTRY_DESCRIPTOR = contractsRegistryDescriptor;

/** A registry type by its URL segment. */
export type RegistryName = (typeof REGISTRY_DESCRIPTORS)[number]['name'];

type ScopesOf<descriptor> = descriptor extends { scopes: infer scopes } ? keyof scopes : never;

/** A scope some registry defines. */
export type RegistryScopeName = ScopesOf<(typeof REGISTRY_DESCRIPTORS)[number]>;

/**
 * The registry names in genesis order (also that of `environment.json`): an instance may link at
 * `initialize` only to the registries before it, so the Policies Registry comes first, then the
 * DID Registry, then the others.
 * - Design: DESIGN.md §8
 */
export const REGISTRY_NAMES: readonly RegistryName[] = [
  ...REGISTRY_DESCRIPTORS.filter((descriptor) => descriptor.role === 'policies'),
  ...REGISTRY_DESCRIPTORS.filter((descriptor) => descriptor.role === 'dids'),
  ...REGISTRY_DESCRIPTORS.filter(
    (descriptor) => descriptor.role !== 'policies' && descriptor.role !== 'dids',
  ),
].map((descriptor) => descriptor.name);

type Descriptor = (typeof REGISTRY_DESCRIPTORS)[number];

/** Each registry's contract, by name, its ABI typed from the artifact. */
export const REGISTRIES = Object.fromEntries(
  REGISTRY_DESCRIPTORS.map((descriptor) => [descriptor.name, descriptor.contract]),
) as { readonly [D in Descriptor as D['name']]: D['contract'] };

/** A registry's descriptor by name. */
export function descriptorOf(name: RegistryName): RegistryDescriptor<RegistryName> {
  return REGISTRY_DESCRIPTORS.find(
    (descriptor) => descriptor.name === name,
  ) as RegistryDescriptor<RegistryName>;
}

/** The name of the registry that plays `role`. */
export function registryOfRole(role: RegistryRole): RegistryName {
  const found = REGISTRY_DESCRIPTORS.find((descriptor) => descriptor.role === role);
  if (!found) throw new TypeError(`No registry plays the role "${role}"`);
  return found.name;
}

/** The registry name of a `registryType()` value, if it is one of ours. */
export function toRegistryName(type: Hex): RegistryName | undefined {
  return REGISTRY_NAMES.find((name) => descriptorOf(name).contract.type === type.toLowerCase());
}
