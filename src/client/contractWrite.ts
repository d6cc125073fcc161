import type { Address, ContractFunctionArgs, ContractFunctionName } from 'viem';
import type { CONTRACTS_REGISTRY_DESCRIPTOR, REGISTRY_DESCRIPTORS } from '../registries/catalog.js';
import type { RegistrySegment } from './createCoreClient.js';

/** Every registry slice the node serves, as a type (the import is erased: no server code ships). */
type Descriptor = (typeof REGISTRY_DESCRIPTORS)[number] | typeof CONTRACTS_REGISTRY_DESCRIPTOR;

/**
 * The committed ABI of a registry, as its `as const` artifact types it (`timestampAbi` for
 * `'timestamp'`): derived from the registry catalogue, so a new registry is typed without an edit.
 */
export type RegistryAbi<registry extends RegistrySegment> = Extract<
  Descriptor,
  { name: registry }
>['contract']['abi'];

/** A state-changing function of a registry: one a transaction can call. */
export type WriteFunctionName<registry extends RegistrySegment> = ContractFunctionName<
  RegistryAbi<registry>,
  'nonpayable' | 'payable'
>;

/** The arguments of a state-changing registry function, as viem types them from the ABI. */
export type WriteFunctionArgs<
  registry extends RegistrySegment,
  functionName extends WriteFunctionName<registry>,
> = ContractFunctionArgs<RegistryAbi<registry>, 'nonpayable' | 'payable', functionName>;

/**
 * One registry write: which registry, which function and its arguments, typed by the registry's
 * ABI. Without type arguments it is the union of every write of every registry, so that a list of
 * writes to different registries is checked entry by entry.
 * @example
 * const write: ContractWrite = {
 *   registry: 'timestamp',
 *   functionName: 'timestampHashes',
 *   args: [[0n], [hash], ['0x']],
 * };
 */
export type ContractWrite<
  registry extends RegistrySegment = RegistrySegment,
  functionName extends WriteFunctionName<registry> = WriteFunctionName<registry>,
> = {
  [R in registry]: {
    [F in functionName & WriteFunctionName<R>]: {
      /** The registry type, by its URL segment (`/v1/<registry>`). */
      registry: R;
      /** A state-changing function of its ABI. */
      functionName: F;
      /** Its arguments, typed by the ABI. */
      args: WriteFunctionArgs<R, F>;
      /** Another instance than the registry's default (the token needs the matching scope suffix). */
      contractAddress?: Address;
    };
  }[functionName & WriteFunctionName<R>];
}[registry];
