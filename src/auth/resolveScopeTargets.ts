import type { Address } from 'viem';
import { TokenRequestInvalidError } from '../errors/auth.js';
import { InstanceInvalidError } from '../errors/target.js';
import { isGovernanceContract } from './dcqlQueries.js';
import type { RequestedScope, ScopeRequest } from './scopes.js';
import { SCOPES } from './scopes.js';
import type { TrustSources } from './trustSources.js';

/** Where a scope request writes, and which DID Registry resolves its holder. */
export type ScopeTargets = {
  /** The instance each scope targets, by scope token. */
  instances: ReadonlyMap<string, Address>;
  /** The DID Registry used to resolve the holder (SPEC.md §5.3.4 table). */
  didRegistry: Address;
};

/**
 * Resolves each scope's instance (suffix or environment default) and the DID Registry of the
 * holder. A suffix must be a registered instance of the scope's registry type unless it is that
 * registry's default; `ledger:invoke` needs a registered instance; scopes whose registry resolves
 * its holders through a DID Registry of its own or linked must all resolve to one.
 * - Spec: SPEC.md §5.3.4, §5.3.5, §7.4
 * @throws {InstanceInvalidError} for a target that is not the instance the scope needs.
 * @throws {TokenRequestInvalidError} when the holder's DID Registries differ.
 */
export async function resolveScopeTargets(
  request: ScopeRequest,
  trust: TrustSources,
): Promise<ScopeTargets> {
  const instances = new Map<string, Address>();
  const didRegistries = new Set<Address>();
  for (const scope of request.scopes) {
    const instance = await resolveInstance(scope, trust);
    instances.set(scope.token, instance);
    const registry = SCOPES[scope.name].registry;
    const didRegistry = registry && (await trust.targets.holderDidRegistry(registry, instance));
    if (didRegistry) didRegistries.add(didRegistry);
  }
  if (didRegistries.size > 1) {
    throw new TokenRequestInvalidError(
      'scope',
      'The requested scopes resolve the holder through different DID Registries',
    );
  }
  return { instances, didRegistry: [...didRegistries][0] ?? trust.defaults.didRegistry };
}

async function resolveInstance(scope: RequestedScope, trust: TrustSources): Promise<Address> {
  const registry = SCOPES[scope.name].registry;
  if (registry !== undefined)
    return trust.targets.instanceOf(registry, scope.instance, { registered: true });
  // ledger:invoke: the governance's contracts, or any contract deployed through the Contracts Registry.
  const target = scope.instance as Address;
  if (isGovernanceContract(target, trust.governance)) return target;
  if (!(await trust.targets.isRegistered(target)))
    throw new InstanceInvalidError('unregistered', target, undefined);
  return target;
}
