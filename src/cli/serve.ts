import type { FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import type { Config } from '../config.js';
import { ConfigError } from '../errors/config.js';
import { EnvironmentError } from '../errors/environment.js';
import { ReplayStoreUnavailableError } from '../errors/replayStore.js';
import { type Environment, readEnvironment } from '../genesis/environment.js';
import { type Operator, openOperator, operatorKeyOf } from '../genesis/operator.js';
import { runGenesis } from '../genesis/runGenesis.js';
import { createLedgerClient } from '../ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../ledger/embedded/embeddedLedger.js';
import { buildServer, openNodeKeys } from '../server.js';
import { getLedgerChainId } from './ledgerChainId.js';
import { assertCanListen, toListenError } from './listenCheck.js';
import { transportCauseOf } from './transportCause.js';

/** A running node: the API and, unless `CORE_LEDGER_URL` is set, its embedded ledger. */
export type RunningNode = {
  app: FastifyInstance;
  /** Address the API listens on. */
  url: string;
  ledgerUrl: string;
  environment: Environment;
  embedded: EmbeddedLedger | undefined;
  close(): Promise<void>;
};

/**
 * Starts a node. Embedded: starts the ledger and makes sure genesis is complete (the first start
 * performs it). External ledger: reads the environment written by `core-registry deploy`.
 * - Design: DESIGN.md §1, §8
 * @throws {EnvironmentError} when there is no usable environment.
 */
export async function startNode(
  config: Config,
  logger: Logger = pino({ level: config.logLevel }),
): Promise<RunningNode> {
  await assertCanListen(config.host, config.port);
  // An external ledger and its environment are checked first: nothing is written to the data
  // dir for a network the node cannot reach. Then the keys, before the embedded ledger starts
  // and genesis writes anything with them.
  const external =
    config.ledgerUrl === undefined
      ? undefined
      : await loadEnvironment(config, config.ledgerUrl, undefined, logger);
  const keys = await openNodeKeys(config, (error) =>
    logger.error({ err: error }, 'the token key ring was changed, but its new key cannot be used'),
  );
  // The embedded node performs genesis with the operator's key: opened (or made) before the ledger starts.
  const operator =
    config.ledgerUrl === undefined
      ? await openOperator(operatorKeyOf(config), { create: true }).catch(
          async (error: unknown) => {
            await keys.crypto.close();
            throw error;
          },
        )
      : undefined;
  let embedded: EmbeddedLedger | undefined;
  let ledgerUrl = config.ledgerUrl;
  if (ledgerUrl === undefined) {
    embedded = new EmbeddedLedger({
      dataDir: config.dataDir,
      port: config.ledgerPort,
      memoryBudgetMiB: config.ledgerMemoryBudgetMiB,
      chainId: config.chainId,
      blockTime: config.blockTime,
      logger: logger.child({ component: 'embedded-ledger' }),
    });
    await embedded.start().catch(async (error: unknown) => {
      await keys.crypto.close();
      throw error;
    });
    ledgerUrl = embedded.url;
  }
  let app: FastifyInstance;
  let environment: Environment;
  try {
    environment =
      external ??
      (await loadEnvironment(
        config,
        ledgerUrl,
        embedded && operator ? { ledger: embedded, operator } : undefined,
        logger,
      ));
    app = await buildServer(
      { ...config, ledgerUrl, environment },
      { loggerInstance: logger, ledgerTransport: embedded?.transport, keys },
    ).catch((error: unknown) => {
      throw error instanceof ReplayStoreUnavailableError ? toReplayStoreConfigError(error) : error;
    });
    await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      throw toListenError(config.host, config.port, error);
    });
  } catch (error) {
    await keys.crypto.close();
    await embedded?.stop();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    ledgerUrl,
    environment,
    embedded,
    async close() {
      await app.close();
      await embedded?.stop();
    },
  };
}

/** The environment of an external ledger, or the embedded one's after genesis by `operator`. */
async function loadEnvironment(
  config: Config,
  ledgerUrl: string,
  embedded: { ledger: EmbeddedLedger; operator: Operator } | undefined,
  logger: Logger,
): Promise<Environment> {
  const ledger = createLedgerClient({ url: ledgerUrl, transport: embedded?.ledger.transport });
  try {
    if (embedded) {
      const { operator } = embedded;
      return await runGenesis({
        ledger,
        operator,
        environmentPath: config.environmentPath,
        chainId: config.chainId,
        governance: config.governance,
        log: (message) => logger.info({ component: 'genesis' }, message),
      });
    }
    const chainId = await getLedgerChainId(ledger);
    const environment = readEnvironment(config.environmentPath);
    if (!environment) {
      throw new EnvironmentError(
        `No environment at "${config.environmentPath}": run "npx core-registry deploy --ledger-url ${ledgerUrl}" first, or set "CORE_ENVIRONMENT"`,
      );
    }
    if (chainId !== environment.chainId) {
      throw new EnvironmentError(
        `The environment "${config.environmentPath}" belongs to chain ${environment.chainId}, but the ledger runs chain ${chainId}`,
      );
    }
    return environment;
  } finally {
    await ledger.close();
  }
}

/** A shared replay store unreachable at start: one line naming it and why, as for the ledger. */
function toReplayStoreConfigError(error: ReplayStoreUnavailableError): ConfigError {
  return new ConfigError(
    'CORE_REPLAY_STORE',
    `Cannot reach the replay store at ${error.store} (${transportCauseOf(error.cause)}): is it running, and is "--replay-store" (CORE_REPLAY_STORE) right?`,
    { cause: error },
  );
}
