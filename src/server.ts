import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Abi } from 'viem';
import { createReplayStore } from './auth/createReplayStore.js';
import { authRoutes } from './auth/routes.js';
import { openTokenKeyRing, type TokenKeyRing } from './auth/tokenKeyRing.js';
import { type CryptoPool, createCryptoPool } from './crypto/createCryptoPool.js';
import { createJwsVerifier } from './crypto/jws.js';
import { explorerRoutes } from './explorer/routes.js';
import { governanceRoutes } from './governance/api/routes.js';
import { answerClientError, answerFrameworkError } from './http/errorReplies.js';
import { kernel } from './http/kernel.js';
import { toRequestId } from './http/requestId.js';
import { responseCache } from './http/responseCache.js';
import { isDidCoreV1 } from './identity/didCore.js';
import { createLedgerClient, type LedgerTransport } from './ledger/createLedgerClient.js';
import { createMetrics } from './ops/createMetrics.js';
import { logHealth } from './ops/logHealth.js';
import { metricsHook } from './ops/metricsHook.js';
import { openapi } from './ops/openapi.js';
import { operationsRoutes } from './ops/routes.js';
import { CONTRACTS_REGISTRY_DESCRIPTOR, REGISTRY_DESCRIPTORS } from './registries/catalog.js';
import {
  awaitMinBlock,
  MIN_BLOCK_HEADERS_SCHEMA,
  minBlockOf,
} from './registries/common/minBlock.js';
import { DID_CORE_V1_FORMAT } from './registries/common/schemas.js';
import { ledgerRoutes } from './rpc/routes.js';
import { type ServerConfig, services } from './services.js';
import { trqpRoutes } from './trqp/routes.js';

export type { ServerConfig } from './services.js';

/** Bodies of REST requests; the ledger endpoint has its own, larger limit. */
const BODY_LIMIT = 1024 * 1024;

/** How the node validates requests: also for tests that mount some of its plugins themselves. */
export const AJV_OPTIONS = {
  // SPEC rejects unknown parameters instead of dropping them, and reports every issue.
  customOptions: {
    removeAdditional: false,
    allErrors: true,
    coerceTypes: 'array',
    formats: { [DID_CORE_V1_FORMAT]: isDidCoreV1 },
  },
} as const satisfies FastifyServerOptions['ajv'];

export type BuildServerOptions = {
  /** A logger to use (pino); default: Fastify's own at `config.logLevel`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /**
   * How the node's calls reach the ledger instead of HTTP to `config.ledgerUrl`: the embedded
   * ledger's handler, in the same process.
   */
  ledgerTransport?: LedgerTransport | undefined;
  /** The node's keys, opened before anything else starts (`openNodeKeys`); default: opened here. */
  keys?: NodeKeys | undefined;
};

/** The crypto threads and the access-token keys that sign on them or in an HSM. */
export type NodeKeys = { crypto: CryptoPool; tokenKeys: TokenKeyRing };

/**
 * Starts the crypto threads and opens the token signing keys: first, so that a wrong key, PIN or
 * HSM library stops the node before its ledger starts or genesis writes anything.
 * @throws {EnvironmentError} naming `CORE_TOKEN_SIGNING_KEY`.
 */
export async function openNodeKeys(
  config: Pick<ServerConfig, 'cryptoWorkers' | 'tokenSigningKey' | 'pkcs11' | 'dataDir'>,
  onReloadError?: (error: unknown) => void,
): Promise<NodeKeys> {
  const crypto = createCryptoPool({ workers: config.cryptoWorkers });
  try {
    const tokenKeys = await openTokenKeyRing({
      setting: config.tokenSigningKey,
      dataDir: config.dataDir,
      pool: crypto,
      pkcs11: config.pkcs11,
      ...(onReloadError ? { onReloadError } : {}),
    });
    return { crypto, tokenKeys };
  } catch (error) {
    await crypto.close();
    throw error;
  }
}

/**
 * Builds the API node as a Fastify app that has not started listening.
 * - Design: DESIGN.md §1, §3, §7
 */
export async function buildServer(
  config: ServerConfig,
  options: BuildServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: { level: config.logLevel } }),
    genReqId: toRequestId,
    trustProxy: config.trustProxy,
    // One access-log line per request costs about a tenth of the throughput: debug level only.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // The kernel answers requests met while closing, and these, in the route's error shape.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 1000 },
    ajv: AJV_OPTIONS,
  }) as unknown as FastifyInstance;

  const metrics = createMetrics();
  const ledger = createLedgerClient({
    url: config.ledgerUrl,
    transport: options.ledgerTransport,
    timeoutMs: config.ledgerTimeoutMs,
    observe: metrics.observeLedger,
    onHealthChange: logHealth(app.log, 'the ledger'),
  });
  await app.register(services, { config, ledger });
  await app.register(kernel, { rateLimit: config.rateLimit });
  // Registry reads are functions of the URL, `Accept` and the chain's state: cached per head.
  await app.register(responseCache, {
    version: async (request) => {
      const head = await app.heads.latest();
      // An answer of an older head must not serve a read that asks for a later block.
      const minBlock = minBlockOf(request);
      return minBlock !== undefined && head.number < minBlock ? undefined : head.hash;
    },
  });
  await app.register(metricsHook, { metrics });
  await app.register(openapi, { publicUrl: config.publicUrl });
  await app.register(operationsRoutes);
  await app.register(explorerRoutes, { peers: config.explorerPeers });
  const { crypto, tokenKeys } =
    options.keys ??
    (await openNodeKeys(config, (error) =>
      app.log.error(
        { err: error },
        'the token key ring was changed, but its new key cannot be used',
      ),
    ).catch(async (error: unknown) => {
      await app.close();
      throw error;
    }));
  app.addHook('onClose', async () => {
    tokenKeys.close();
    await crypto.close();
  });
  await app.register(ledgerRoutes, { prefix: '/v1', tokenKeys, crypto });
  const replays = await createReplayStore({
    url: config.replayStoreUrl,
    dataDir: config.dataDir,
    environment: config.environment,
    onHealthChange: logHealth(app.log, 'the replay store'),
  }).catch(async (error: unknown) => {
    // Nothing listens yet, but the ledger client and the head subscription are open.
    await app.close();
    throw error;
  });
  app.addHook('onClose', () => replays.close());
  await app.register(authRoutes, {
    prefix: '/v1/auth',
    tokenKeys,
    replays,
    verifySignature: createJwsVerifier(crypto),
  });
  await app.register(async function registries(scope) {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, cacheable: route.config?.cacheable ?? true };
      route.schema = { headers: MIN_BLOCK_HEADERS_SCHEMA, ...route.schema };
    });
    scope.addHook('preHandler', awaitMinBlock(app));
    for (const registry of [...REGISTRY_DESCRIPTORS, CONTRACTS_REGISTRY_DESCRIPTOR]) {
      await scope.register(registry.routes, { prefix: `/v1/${registry.name}` });
    }
    const { environment } = config;
    await scope.register(trqpRoutes, { prefix: '/v1/trqp', rootTao: environment.operatorDid });
    await scope.register(governanceRoutes, {
      prefix: '/v1/governance',
      governance: environment.governance,
      operatorDid: environment.operatorDid,
      chainId: environment.chainId,
      contracts: [
        ...REGISTRY_DESCRIPTORS.map(({ name, contract }) => ({
          name,
          address: environment.registries[name],
          abi: contract.abi as Abi,
        })),
        {
          name: CONTRACTS_REGISTRY_DESCRIPTOR.name,
          address: environment.contractsRegistry,
          abi: CONTRACTS_REGISTRY_DESCRIPTOR.contract.abi as Abi,
        },
      ],
    });
  });
  return app;
}
