import Fastify, { type FastifyInstance } from 'fastify';
import { kernel } from '../../src/http/kernel.js';
import { createLedgerClient } from '../../src/ledger/createLedgerClient.js';
import type { CreateProxyFetcherParameters } from '../../src/registries/issuers-registry/proxies/createProxyFetcher.js';
import { issuersRegistryRoutes } from '../../src/registries/issuers-registry/routes.js';
import { AJV_OPTIONS } from '../../src/server.js';
import { services } from '../../src/services.js';
import type { TestNode } from './testNode.js';

/**
 * The Issuers Registry reads of a test node on a second server whose proxy resolution may use
 * http and loopback upstreams (`allowInsecureUpstreams`, tests only): a status list server on
 * 127.0.0.1 becomes reachable through a proxy. Same ledger and environment as `node`.
 * @returns the server's base URL (its routes under `/v1/issuers-registry`).
 */
export async function startLenientIssuersRegistry(
  node: TestNode,
  proxy: CreateProxyFetcherParameters = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ ajv: AJV_OPTIONS }) as unknown as FastifyInstance;
  await app.register(services, {
    config: node.app.config,
    ledger: createLedgerClient({ url: node.ledger.url }),
  });
  await app.register(kernel, { rateLimit: 0 });
  await app.register(issuersRegistryRoutes, {
    prefix: '/v1/issuers-registry',
    proxy: { ...proxy, allowInsecureUpstreams: true },
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}
