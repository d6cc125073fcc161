import { type Address, type Hex, isHex, zeroAddress } from 'viem';
import { ContractRevertError } from '../../errors/contract.js';
import { InstanceInvalidError } from '../../errors/target.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import type { RegistryContract } from './registryContract.js';
import { INSTANCES_ABI, REGISTRY_VIEWS_ABI } from './registryViewsAbi.js';
import type { HolderResolution } from './writeRules.js';

/** What `createTargets` knows of each registry type. */
export type TargetRegistry = {
  name: string;
  contract: RegistryContract;
  holders: HolderResolution;
};

/** What is at an address: nothing, a contract that is no registry, or a registry of some type. */
export type ContractKind =
  | { kind: 'none' }
  | { kind: 'contract' }
  | { kind: 'registry'; type: Hex; name: string | undefined };

export type CreateTargetsParameters = {
  /** The environment: its Contracts Registry and the default instance of each registry. */
  environment: { contractsRegistry: Address; registries: Readonly<Record<string, Address>> };
  registries: readonly TargetRegistry[];
};

/** Answers, at one block, what a request targets. */
export type BlockTargets = {
  /** What is deployed at `address` (DESIGN.md §4 "Type identity"). */
  kindAt(address: Address): Promise<ContractKind>;
  /** Whether the Contracts Registry deployed `address`. */
  isRegistered(address: Address): Promise<boolean>;
  /**
   * The instance of `registry` a request targets: the default when `address` is absent,
   * otherwise `address` once it holds a registry of that type (and, with `registered`, was
   * deployed by the Contracts Registry or is the default).
   * @throws {InstanceInvalidError} `no-contract`, `wrong-type` or `unregistered`.
   */
  instanceOf(
    registry: string,
    address: Address | undefined,
    options?: { registered?: boolean },
  ): Promise<Address>;
  /** The registry of a default or registered instance; `undefined` for any other address. */
  registryAt(address: Address): Promise<string | undefined>;
  /**
   * The DID Registry resolving the holders who write to `instance` of `registry`: the instance
   * itself, its `didRegistry()` link, or `undefined` when the registry defers to the default.
   * @throws {InstanceInvalidError} `unlinked` when the link is unset.
   */
  holderDidRegistry(registry: string, instance: Address): Promise<Address | undefined>;
  /** A registry's `policiesRegistry()` link; the zero address when unset. */
  policiesRegistryOf(instance: Address): Promise<Address>;
};

/** Instance targeting for every surface (REST reads, the write gate, the token endpoint). */
export type Targets = { at(reader: BlockReader): BlockTargets };

const CACHE_LIMIT = 1024;

/**
 * Creates the one instance-targeting module: which registry type an address holds, whether it is
 * a registered instance, and which DID Registry or Policies Registry it links to, each answered at
 * the block of the reader it is asked with. Registry types and registrations never change once
 * seen, so they are remembered; an empty or unregistered address is asked again (instance
 * addresses are predictable: one may be deployed there later).
 * - Spec: SPEC.md §4.2.3, §4.3, §5.3.4
 * - Design: DESIGN.md §4
 */
export function createTargets(parameters: CreateTargetsParameters): Targets {
  const { environment, registries } = parameters;
  const types = new Map<Address, Hex>();
  const registered = new Set<Address>();
  const byName = new Map(registries.map((registry) => [registry.name, registry]));
  const defaults = new Map(
    Object.entries(environment.registries).map(([name, address]) => [address, name]),
  );
  const expected = (name: string): TargetRegistry => {
    const registry = byName.get(name);
    if (!registry) throw new TypeError(`Unknown registry "${name}"`);
    return registry;
  };
  const nameOf = (type: Hex) =>
    registries.find((registry) => registry.contract.type === type.toLowerCase())?.name;

  return {
    at(reader) {
      const kindAt = async (address: Address): Promise<ContractKind> => {
        const known = types.get(address);
        if (known) return { kind: 'registry', type: known, name: nameOf(known) };
        const code = await reader.getCode(address);
        if (code === '0x') return { kind: 'none' };
        const type = await registryTypeOf(reader, address);
        if (type === undefined) return { kind: 'contract' };
        if (types.size >= CACHE_LIMIT) types.delete(types.keys().next().value as Address);
        types.set(address, type);
        return { kind: 'registry', type, name: nameOf(type) };
      };
      const isRegistered = async (address: Address): Promise<boolean> => {
        if (registered.has(address)) return true;
        const found = await reader.read({
          address: environment.contractsRegistry,
          abi: INSTANCES_ABI,
          functionName: 'isRegisteredInstance',
          args: [address],
        });
        if (found && registered.size < CACHE_LIMIT) registered.add(address);
        return found;
      };
      return {
        kindAt,
        isRegistered,
        async instanceOf(name, address, options = {}) {
          const { contract } = expected(name);
          const fallback = environment.registries[name] as Address;
          if (address === undefined) return fallback;
          if (options.registered && address === fallback) return fallback;
          const found = await kindAt(address);
          if (found.kind === 'none')
            throw new InstanceInvalidError('no-contract', address, contract.contractName);
          if (found.kind !== 'registry' || found.type !== contract.type)
            throw new InstanceInvalidError('wrong-type', address, contract.contractName);
          if (options.registered && !(await isRegistered(address)))
            throw new InstanceInvalidError('unregistered', address, contract.contractName);
          return address;
        },
        async registryAt(address) {
          const fallback = defaults.get(address);
          if (fallback) return fallback;
          const found = await kindAt(address);
          if (found.kind !== 'registry' || !found.name) return undefined;
          return (await isRegistered(address)) ? found.name : undefined;
        },
        async holderDidRegistry(name, instance) {
          switch (expected(name).holders) {
            case 'self':
              return instance;
            case 'default':
              return undefined;
            case 'linked': {
              const linked = await reader.read({
                address: instance,
                abi: REGISTRY_VIEWS_ABI,
                functionName: 'didRegistry',
              });
              if (linked === zeroAddress)
                throw new InstanceInvalidError('unlinked', instance, undefined);
              return linked;
            }
          }
        },
        policiesRegistryOf: (instance) =>
          reader.read({
            address: instance,
            abi: REGISTRY_VIEWS_ABI,
            functionName: 'policiesRegistry',
          }),
      };
    },
  };
}

/** `registryType()` at an address holding code; `undefined` when the contract has none. */
async function registryTypeOf(reader: BlockReader, address: Address): Promise<Hex | undefined> {
  try {
    const type = await reader.read({
      address,
      abi: REGISTRY_VIEWS_ABI,
      functionName: 'registryType',
    });
    return isHex(type) ? type : undefined;
  } catch (error) {
    // Any revert, or an answer that does not decode, means "not one of ours".
    if (error instanceof ContractRevertError || (error as Error).name?.startsWith('Abi'))
      return undefined;
    throw error;
  }
}
