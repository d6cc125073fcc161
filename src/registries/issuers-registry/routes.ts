import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../errors/config.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';
import { ISSUERS_REGISTRY } from './contract.js';
import {
  type CreateProxyFetcherParameters,
  createProxyFetcher,
} from './proxies/createProxyFetcher.js';
import { registerAttributeRoutes } from './routes/attributes.js';
import { registerIssuerRoutes } from './routes/issuers.js';
import { registerProxyRoutes } from './routes/proxies.js';

/** Options of {@link issuersRegistryRoutes}; production passes none. */
export type IssuersRegistryRoutesOptions = {
  /** Limits of proxy resolution; `allowInsecureUpstreams` is for tests only. */
  proxy?: CreateProxyFetcherParameters;
};

/**
 * Issuers Registry REST reads, under `/v1/issuers-registry`: issuers, their attributes and
 * revisions, their proxies and proxy resolution. Every read but `/abi` takes `contractAddress`.
 * - Spec: SPEC.md §2.8, §2.10, §4.1
 * @throws {ConfigError} at registration when a proxy limit is not a positive integer.
 */
export async function issuersRegistryRoutes(
  app: FastifyInstance,
  options: IssuersRegistryRoutesOptions = {},
): Promise<void> {
  const { proxy = {} } = options;
  for (const limit of ['timeoutMs', 'maxBytes'] as const) {
    const value = proxy[limit];
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
      throw new ConfigError(
        `proxy.${limit}`,
        `issuers-registry: "proxy.${limit}" must be a positive integer`,
      );
    }
  }
  registerAbiRoute(
    app,
    'issuers-registry',
    ISSUERS_REGISTRY.abi,
    app.environment.registries['issuers-registry'],
  );
  registerDetailsRoute(app, 'issuers-registry', {
    didRegistryContract: 'didRegistry',
    policyRegistryContract: 'policiesRegistry',
  });
  registerIssuerRoutes(app);
  registerAttributeRoutes(app);
  const fetcher = createProxyFetcher(proxy);
  app.addHook('onClose', () => fetcher.close());
  registerProxyRoutes(app, fetcher);
}
