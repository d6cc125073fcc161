import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { type RunningNode, startNode } from '../../src/cli/serve.js';
import { type ConfigInput, parseConfig } from '../../src/config.js';
import type { Environment } from '../../src/genesis/environment.js';
import { loadOrCreateOperator } from '../../src/genesis/operator.js';
import { runGenesis } from '../../src/genesis/runGenesis.js';
import type { GovernancePlan } from '../../src/governance/governancePlan.js';
import { createLedgerClient } from '../../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { TEST_CHAIN_ID, workerLedgerUrl } from './workerLedger.js';

/** A logger that drops everything (the supervisor's interface). */
export const SILENT_LOGGER = { info() {}, warn() {}, error() {} };

/** A fresh data directory under the system temp dir. */
export function createDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'core-registry-test-'));
}

/** A new data dir holding `node`'s operator and environment: a node of the same network. */
export function copyEnvironment(node: Pick<TestNode, 'dataDir'>): string {
  const dataDir = createDataDir();
  for (const file of ['operator.json', 'environment.json']) {
    copyFileSync(join(node.dataDir, file), join(dataDir, file));
  }
  return dataDir;
}

/** The ledger a test node runs on: its own embedded one, or its worker's (which it cannot stop). */
export type TestLedger = Pick<EmbeddedLedger, 'url' | 'pid' | 'start' | 'stop'>;

export type TestNode = {
  /** Base URL of the API, e.g. `http://127.0.0.1:41234`. */
  url: string;
  app: FastifyInstance;
  ledger: TestLedger;
  environment: Environment;
  dataDir: string;
  node: RunningNode;
  close(): Promise<void>;
};

export type StartTestNodeOptions = {
  blockTime?: number;
  dataDir?: string;
  /**
   * Start an embedded ledger of its own, as `npm start` does, rather than deploy an environment on
   * the worker's ledger: for tests that stop the ledger or drive the CLI against the data dir.
   */
  ownLedger?: boolean;
  /** The port to listen on (default: a free one), e.g. a restarted node's former port. */
  port?: number;
  /** Settings beyond the test defaults, e.g. `{ CORE_RATE_LIMIT: '5' }`. */
  env?: ConfigInput;
  /** A governed environment on the worker's ledger (docs/governance.md), as `deploy --operators` makes. */
  governance?: GovernancePlan;
};

/**
 * Starts a node on a random port: on the worker's ledger (`test/setup.global.ts`) with an
 * environment of its own, deployed by genesis with a fresh operator, as `core-registry deploy`
 * does; or, with `ownLedger`, as `npm start` does (embedded ledger, genesis on first start).
 */
export async function startTestNode(options: StartTestNodeOptions = {}): Promise<TestNode> {
  const dataDir = options.dataDir ?? createDataDir();
  const port = options.port ?? (await freePort());
  const shared = options.ownLedger
    ? undefined
    : await deployOnWorkerLedger(dataDir, options.governance);
  const config = parseConfig({
    CORE_DATA_DIR: dataDir,
    CORE_LOG_LEVEL: 'silent',
    CORE_BLOCK_TIME: String(options.blockTime ?? 0.2),
    PORT: String(port),
    HOST: '127.0.0.1',
    // Links are absolute: the public URL is the address tests connect to.
    CORE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Suites send hundreds of requests a minute from one address; the rate-limit test sets its own.
    CORE_RATE_LIMIT: '0',
    // Every token and gated write of the suites crosses a crypto thread; nodes the suites spawn
    // as processes keep the product default (none on 2 cores).
    CORE_CRYPTO_WORKERS: '1',
    // The worker's ledger serves every file of the worker on a busy 2-core machine: its answers
    // may take longer than the 2 s a node waits in production. Nodes with a ledger of their own
    // keep that deadline (the fault tests stop their ledger and expect a prompt 503).
    ...(shared ? { CORE_LEDGER_URL: shared, CORE_LEDGER_TIMEOUT: '10' } : {}),
    ...options.env,
  });
  const node = await startNode(config, pino({ level: 'silent' }));
  return {
    url: node.url,
    app: node.app,
    ledger: node.embedded ?? sharedLedger(node.ledgerUrl),
    environment: node.environment,
    dataDir,
    node,
    async close() {
      await node.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs genesis on the worker's ledger with the operator of `dataDir`; returns the ledger's URL. */
async function deployOnWorkerLedger(
  dataDir: string,
  governance: GovernancePlan | undefined,
): Promise<string> {
  const url = workerLedgerUrl();
  const ledger = createLedgerClient({ url });
  try {
    await runGenesis({
      ledger,
      operator: await loadOrCreateOperator(join(dataDir, 'operator.json')),
      environmentPath: join(dataDir, 'environment.json'),
      chainId: TEST_CHAIN_ID,
      governance,
    });
  } finally {
    await ledger.close();
  }
  return url;
}

/** The worker's ledger, as a test node sees it: shared by every file of the worker, never stopped. */
function sharedLedger(url: string): TestLedger {
  const refuse = async () => {
    throw new TypeError('The worker ledger is shared: start the node with { ownLedger: true }');
  };
  return { url, pid: undefined, start: refuse, stop: refuse };
}

/** POSTs a raw body to `/v1/ledger`. */
export async function postLedger(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const response = await fetch(`${url}/v1/ledger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text === '' ? undefined : JSON.parse(text),
  };
}

/** GETs a path of the node and returns status, headers and the parsed body. */
export async function getJson(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${url}${path}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/**
 * A TCP port free on 127.0.0.1 right now, below the kernel's ephemeral range: a port from that
 * range (what `listen(0)` hands out) may be taken by an outgoing connection of a parallel test
 * before the node that was given it listens (genesis runs in between).
 */
export async function freePort(): Promise<number> {
  const [lowest, ephemeral] = [10_000, ephemeralLow()];
  for (let attempt = 0; ephemeral - lowest > 1_000 && attempt < 100; attempt++) {
    const port = lowest + Math.floor(Math.random() * (ephemeral - lowest));
    if ((await listenOnce(port)) !== undefined) return port;
  }
  const port = await listenOnce(0);
  if (port === undefined) throw new Error('no free port');
  return port;
}

/** The first port of the kernel's ephemeral range (Linux's default where it cannot be read). */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    return Number(low) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Listens on `port` of 127.0.0.1 and closes: the port it got, or undefined when it could not. */
async function listenOnce(port: number): Promise<number | undefined> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(true));
  });
  if (!listening) return undefined;
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : undefined;
}

/** Runs `use` on an embedded ledger of `dataDir` (0.05 s blocks), started for it and stopped after. */
export async function withLedger<T>(dataDir: string, use: (url: string) => Promise<T>): Promise<T> {
  const ledger = new EmbeddedLedger({
    dataDir,
    chainId: 2026,
    blockTime: 0.05,
    logger: SILENT_LOGGER,
  });
  await ledger.start();
  try {
    return await use(ledger.url);
  } finally {
    await ledger.stop();
  }
}
