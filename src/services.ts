import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, toLedgerWsUrl } from './config.js';
import type { Environment } from './genesis/environment.js';
import { type ChainReader, createChainReader } from './ledger/createChainReader.js';
import { createHeadTracker, type HeadTracker } from './ledger/createHeadTracker.js';
import type { LedgerClient } from './ledger/createLedgerClient.js';
import { REGISTRY_DESCRIPTORS } from './registries/catalog.js';
import { createTargets, type Targets } from './registries/common/targets.js';

/** The configuration a server runs with: the node's, plus the resolved ledger URL and environment. */
export type ServerConfig = Config & { ledgerUrl: string; environment: Environment };

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    ledger: LedgerClient;
    environment: Environment;
    /** Which instance an address is, and what it links to (DESIGN.md §4). */
    targets: Targets;
    /** Block-pinned, cached, batched contract reads (DESIGN.md §7). */
    chain: ChainReader;
    /** The ledger's head, kept by subscription (DESIGN.md §7). */
    heads: HeadTracker;
  }
}

export type ServicesOptions = {
  config: ServerConfig;
  ledger: LedgerClient;
};

/**
 * Shares the infrastructure every route needs (configuration, ledger client, environment,
 * instance targeting) as decorators: the composition root of the node's services.
 * - Design: STYLE.md B5
 */
export const services = fp(
  async function services(app: FastifyInstance, options: ServicesOptions) {
    app.decorate('config', options.config);
    app.decorate('ledger', options.ledger);
    app.decorate('environment', options.config.environment);
    app.decorate(
      'targets',
      createTargets({
        environment: options.config.environment,
        registries: REGISTRY_DESCRIPTORS,
      }),
    );
    const { config, ledger } = options;
    const heads = createHeadTracker({
      ledger,
      subscriptionUrl: toLedgerWsUrl(config, config.ledgerUrl),
      onSubscription: (state, cause) => {
        if (state === 'live') app.log.info('new blocks arrive by subscription');
        else {
          app.log.warn(
            { cause: String(cause) },
            'no block subscription on the ledger WebSocket (CORE_LEDGER_WS_URL): the head is looked up on each request',
          );
        }
      },
    });
    app.decorate('heads', heads);
    app.decorate('chain', createChainReader({ ledger, heads }));
    app.addHook('onClose', async () => {
      heads.close();
      await ledger.close();
    });
  },
  { name: 'core-services', fastify: '5.x' },
);
