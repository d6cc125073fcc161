import type { Address } from 'viem';
import { OAuthError } from '../errors/oauth.js';
import { InstanceInvalidError } from '../errors/target.js';
import { REGISTRIES, type RegistryName } from '../ledger/registryCatalog.js';
import { type RequestedScope, SCOPES, type ScopeRequest } from './scopes.js';
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
 * registry's default; `ledger:invoke` needs a registered instance; combined `did-registry:*`,
 * `issuers-registry:*` and `track-and-trace:*` scopes must resolve to one DID Registry.
 * - Spec: SPEC.md §5.3.4, §5.3.5, §7.4
 * @throws {OAuthError} `invalid_request`.
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
    const didRegistry = await holderDidRegistry(scope, instance, trust);
    if (didRegistry) didRegistries.add(didRegistry);
  }
  if (didRegistries.size > 1) {
    throw new OAuthError(
      'invalid_request',
      'The requested scopes resolve the holder through different DID Registries',
    );
  }
  return { instances, didRegistry: [...didRegistries][0] ?? trust.defaults.didRegistry };
}

async function resolveInstance(scope: RequestedScope, trust: TrustSources): Promise<Address> {
  const registry = SCOPES[scope.name].registry as RegistryName | undefined;
  if (registry === undefined) {
    // ledger:invoke: any contract deployed through the Contracts Registry.
    const target = scope.instance as Address;
    if (!(await trust.isRegisteredInstance(target))) {
      throw new InstanceInvalidError('unregistered', target, undefined);
    }
    return target;
  }
  const fallback = trust.defaults.registries[registry] as Address;
  if (scope.instance === undefined || scope.instance === fallback) return fallback;
  const type = await trust.registryTypeAt(scope.instance);
  if (type !== REGISTRIES[registry].type) {
    throw new InstanceInvalidError('wrong-type', scope.instance, REGISTRIES[registry].contractName);
  }
  if (!(await trust.isRegisteredInstance(scope.instance))) {
    throw new InstanceInvalidError(
      'unregistered',
      scope.instance,
      REGISTRIES[registry].contractName,
    );
  }
  return scope.instance;
}

/** The DID Registry of a scope group, or `undefined` for scopes exempt from the same-registry rule. */
async function holderDidRegistry(
  scope: RequestedScope,
  instance: Address,
  trust: TrustSources,
): Promise<Address | undefined> {
  switch (SCOPES[scope.name].registry) {
    case 'did-registry':
      return instance;
    case 'issuers-registry':
    case 'track-and-trace': {
      const linked = await trust.linkOf(instance, 'didRegistry');
      if (/^0x0{40}$/.test(linked)) {
        throw new InstanceInvalidError('unlinked', instance, undefined);
      }
      return linked;
    }
    default:
      return undefined;
  }
}
