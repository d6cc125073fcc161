import { type Address, getAddress } from 'viem';
import { InstanceInvalidError } from '../../errors/target.js';
import type { LedgerClient } from '../../ledger/createLedgerClient.js';
import type { Environment } from '../../ledger/environment.js';
import { getRegistryTypeAt } from '../../ledger/getRegistryTypeAt.js';
import { REGISTRIES, type RegistryName } from '../../ledger/registryCatalog.js';

/** Picks the registry instance a read targets. */
export type InstanceResolver = {
  /**
   * The environment default of `registry` when `contractAddress` is absent; otherwise that
   * address, once the ledger shows a registry of the expected type there.
   * - Spec: SPEC.md §4.2.3
   * @throws {InstanceInvalidError} `no-contract` or `wrong-type`.
   */
  resolve(registry: RegistryName, contractAddress: string | undefined): Promise<Address>;
};

const CACHE_LIMIT = 1024;

/**
 * Creates an {@link InstanceResolver}. Addresses found to hold a registry are remembered (a
 * contract's registry type never changes); empty addresses are asked again, since a contract may
 * be deployed there later.
 */
export function createInstanceResolver(
  ledger: LedgerClient,
  environment: Environment,
): InstanceResolver {
  const known = new Map<Address, `0x${string}`>();
  return {
    async resolve(registry, contractAddress) {
      if (contractAddress === undefined) return environment.registries[registry];
      const address = getAddress(contractAddress);
      const expected = REGISTRIES[registry];
      let type = known.get(address);
      if (type === undefined) {
        const found = await getRegistryTypeAt(ledger, address);
        if (found.kind === 'none') {
          throw new InstanceInvalidError('no-contract', address, expected.contractName);
        }
        if (found.kind === 'registry') {
          type = found.type;
          if (known.size >= CACHE_LIMIT) known.delete(known.keys().next().value as Address);
          known.set(address, type);
        }
      }
      if (type !== expected.type) {
        throw new InstanceInvalidError('wrong-type', address, expected.contractName);
      }
      return address;
    },
  };
}
