import type { FastifyInstance } from 'fastify';
import type { GenesisStep, InstanceGenesisStep } from './genesisStep.js';
import type { RegistryContract } from './registryContract.js';
import type { HolderResolution, ScopeRule, WriteTable } from './writeRules.js';

/** A role some registry plays for the others (what `initialize` links to, what auth reads). */
export type RegistryRole = 'policies' | 'dids' | 'issuers';

/** What every registry slice declares, the Contracts Registry included. */
export type RegistrySlice<name extends string = string> = {
  /** The URL segment (`/v1/<name>`), the folder name, and the key in `environment.json`. */
  name: name;
  contract: RegistryContract;
  /** The REST reads, registered under `/v1/<name>`. */
  routes: (app: FastifyInstance) => Promise<void>;
  genesis: GenesisStep;
};

/**
 * Everything the node knows of one registry type, declared by its slice
 * (`registries/<name>/index.ts`): the catalogue, genesis, the write gate, the scopes, the server
 * and the SDK iterate over descriptors and never name a registry.
 * - Design: DESIGN.md §3 (a registry is a vertical slice)
 */
export type RegistryDescriptor<
  name extends string = string,
  scope extends string = string,
> = RegistrySlice<name> & {
  /** The role this registry plays for the others, if any. */
  role?: RegistryRole;
  /** The scopes this registry defines. */
  scopes: Readonly<Record<scope, ScopeRule>>;
  /** Function → scopes and argument rules for `/v1/ledger`. */
  writes: WriteTable<NoInfer<scope>>;
  /** Which DID Registry resolves the holders writing to an instance. */
  holders: HolderResolution;
  genesis: InstanceGenesisStep;
};

/**
 * Declares a registry, keeping its name, scope names and ABI as literal types (`contract` is the
 * contract's own type, not intersected with {@link RegistryContract}'s wide `Abi`, so that viem
 * types its functions from the artifact).
 */
export function defineRegistry<
  const name extends string,
  const scope extends string,
  const contract extends RegistryContract,
>(
  descriptor: RegistryDescriptor<name, scope> & { contract: contract },
): Omit<RegistryDescriptor<name, scope>, 'contract'> & { contract: contract } {
  return descriptor;
}
