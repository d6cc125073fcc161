import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.js';
import { type ChainReader, createChainReader } from './ledger/createChainReader.js';
import type { LedgerClient } from './ledger/createLedgerClient.js';
import type { Environment } from './ledger/environment.js';
import {
  createInstanceResolver,
  type InstanceResolver,
} from './registries/common/createInstanceResolver.js';

/** The configuration a server runs with: the node's, plus the resolved ledger URL and environment. */
export type ServerConfig = Config & { ledgerUrl: string; environment: Environment };

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    ledger: LedgerClient;
    environment: Environment;
    instances: InstanceResolver;
    /** Block-pinned, cached, batched contract reads (DESIGN.md §7). */
    chain: ChainReader;
  }
}

export type ServicesOptions = {
  config: ServerConfig;
  ledger: LedgerClient;
};

/**
 * Shares the infrastructure every route needs (configuration, ledger client, environment,
 * instance resolution) as decorators.
 * - Design: STYLE.md B5
 */
export const services = fp(
  async function services(app: FastifyInstance, options: ServicesOptions) {
    app.decorate('config', options.config);
    app.decorate('ledger', options.ledger);
    app.decorate('environment', options.config.environment);
    app.decorate('instances', createInstanceResolver(options.ledger, options.config.environment));
    app.decorate('chain', createChainReader({ ledger: options.ledger }));
    app.addHook('onClose', () => options.ledger.close());
  },
  { name: 'core-services', fastify: '5.x' },
);
