import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { EmbeddedLedger } from '../ledger/embedded/embeddedLedger.js';
import { buildServer } from '../server.js';

/** A running node: the API and, unless `CORE_LEDGER_URL` is set, its embedded ledger. */
export type RunningNode = {
  app: FastifyInstance;
  /** Address the API listens on. */
  url: string;
  ledgerUrl: string;
  embedded: EmbeddedLedger | undefined;
  close(): Promise<void>;
};

/**
 * Starts a node: the embedded ledger when no external one is configured, then the API.
 * - Design: DESIGN.md §1, §8
 */
export async function startNode(config: Config): Promise<RunningNode> {
  const logger = pino({ level: config.logLevel });
  let embedded: EmbeddedLedger | undefined;
  let ledgerUrl = config.ledgerUrl;
  if (ledgerUrl === undefined) {
    embedded = new EmbeddedLedger({
      dataDir: config.dataDir,
      chainId: config.chainId,
      blockTime: config.blockTime,
      logger: logger.child({ component: 'embedded-ledger' }),
    });
    await embedded.start();
    ledgerUrl = embedded.url;
  }
  let app: FastifyInstance;
  try {
    app = await buildServer({ ...config, ledgerUrl }, { loggerInstance: logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    ledgerUrl,
    embedded,
    async close() {
      await app.close();
      await embedded?.stop();
    },
  };
}
