import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { LedgerClient } from '../ledger/createLedgerClient.js';

/** The configuration a server runs with: the node's, plus the resolved ledger URL. */
export type ServerConfig = Config & { ledgerUrl: string };

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    ledger: LedgerClient;
  }
}

export type ServicesOptions = {
  config: ServerConfig;
  ledger: LedgerClient;
};

/**
 * Shares the infrastructure every route needs (configuration, ledger client) as decorators.
 * - Design: STYLE.md B5
 */
export const services = fp(
  async function services(app: FastifyInstance, options: ServicesOptions) {
    app.decorate('config', options.config);
    app.decorate('ledger', options.ledger);
    app.addHook('onClose', () => options.ledger.close());
  },
  { name: 'core-services', fastify: '5.x' },
);
