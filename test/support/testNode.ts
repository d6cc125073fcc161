import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { type RunningNode, startNode } from '../../src/cli/serve.js';
import { parseConfig } from '../../src/config.js';
import type { Environment } from '../../src/genesis/environment.js';
import type { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';

/** A logger that drops everything (the supervisor's interface). */
export const SILENT_LOGGER = { info() {}, warn() {}, error() {} };

/** A fresh data directory under the system temp dir. */
export function createDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'core-registry-test-'));
}

export type TestNode = {
  /** Base URL of the API, e.g. `http://127.0.0.1:41234`. */
  url: string;
  app: FastifyInstance;
  ledger: EmbeddedLedger;
  environment: Environment;
  dataDir: string;
  node: RunningNode;
  close(): Promise<void>;
};

/**
 * Starts a node as `npm start` does (embedded ledger, genesis on first start) on a random port,
 * with fast blocks.
 */
export async function startTestNode(
  options: { blockTime?: number; dataDir?: string } = {},
): Promise<TestNode> {
  const dataDir = options.dataDir ?? createDataDir();
  const port = await freePort();
  const config = parseConfig({
    CORE_DATA_DIR: dataDir,
    CORE_LOG_LEVEL: 'silent',
    CORE_BLOCK_TIME: String(options.blockTime ?? 0.2),
    PORT: String(port),
    HOST: '127.0.0.1',
    // Links are absolute: the public URL is the address tests connect to.
    CORE_PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const node = await startNode(config, pino({ level: 'silent' }));
  return {
    url: node.url,
    app: node.app,
    ledger: node.embedded as EmbeddedLedger,
    environment: node.environment,
    dataDir,
    node,
    async close() {
      await node.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}
