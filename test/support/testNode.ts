import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseConfig } from '../../src/config.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { buildServer } from '../../src/server.js';

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
  dataDir: string;
  close(): Promise<void>;
};

/** Starts a real embedded ledger and an API node on a random port. */
export async function startTestNode(options: { blockTime?: number } = {}): Promise<TestNode> {
  const dataDir = createDataDir();
  const config = parseConfig({
    CORE_DATA_DIR: dataDir,
    CORE_LOG_LEVEL: 'silent',
    CORE_BLOCK_TIME: String(options.blockTime ?? 0.2),
    PORT: '0',
  });
  const ledger = new EmbeddedLedger({
    dataDir,
    chainId: config.chainId,
    blockTime: config.blockTime,
    logger: SILENT_LOGGER,
  });
  await ledger.start();
  const app = await buildServer({ ...config, ledgerUrl: ledger.url });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    ledger,
    dataDir,
    async close() {
      await app.close();
      await ledger.stop();
      rmSync(dataDir, { recursive: true, force: true });
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

/** Sends one JSON-RPC call through `/v1/ledger` and returns its `result`. */
export async function rpc<T = unknown>(
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const { json } = await postLedger(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  const response = json as { result?: T; error?: unknown };
  if (response.error) throw new Error(JSON.stringify(response.error));
  return response.result as T;
}
