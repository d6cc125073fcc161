import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type RunningNode, startNode } from '../../src/cli/serve.js';
import { parseConfig } from '../../src/config.js';
import {
  createDataDir,
  freePort,
  getJson,
  startTestNode,
  type TestNode,
} from '../support/testNode.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A node without a ledger of its own, on `first`'s embedded ledger (docs/operators.md). */
async function startSecondNode(first: TestNode): Promise<RunningNode> {
  const port = await freePort();
  const node = await startNode(
    parseConfig({
      CORE_DATA_DIR: createDataDir(),
      CORE_LEDGER_URL: first.ledger.url,
      CORE_ENVIRONMENT: join(first.dataDir, 'environment.json'),
      CORE_LOG_LEVEL: 'silent',
      CORE_RATE_LIMIT: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
    }),
    pino({ level: 'silent' }),
  );
  cleanups.push(() => node.close());
  return node;
}

async function restart(first: TestNode, env: Record<string, string> = {}): Promise<TestNode> {
  await first.close();
  const port = Number(new URL(first.url).port);
  const again = await startTestNode({ ownLedger: true, dataDir: first.dataDir, port, env });
  cleanups.push(() => again.close());
  return again;
}

describe('a shared embedded ledger', () => {
  test('behavior: a second node on the first node’s ledger survives its restart, unconfigured', async () => {
    const first = await startTestNode({ ownLedger: true, dataDir: createDataDir() });
    cleanups.push(() => first.close().catch(() => undefined));
    const second = await startSecondNode(first);
    const did = `/v1/did-registry/identifiers/${first.environment.operatorDid}`;
    expect((await getJson(second.url, did)).status).toBe(200);

    const again = await restart(first);
    expect(again.ledger.url).toBe(first.ledger.url);
    await vi.waitFor(async () => expect((await getJson(second.url, did)).status).toBe(200), {
      timeout: 20_000,
      interval: 200,
    });
  });

  test('behavior: CORE_LEDGER_PORT sets the port; a port in use fails the start, naming it', async () => {
    const ledgerPort = await freePort();
    const first = await startTestNode({
      ownLedger: true,
      dataDir: createDataDir(),
      env: { CORE_LEDGER_PORT: String(ledgerPort) },
    });
    cleanups.push(() => first.close());
    expect(first.ledger.url).toBe(`http://127.0.0.1:${ledgerPort}`);

    const error = await startTestNode({
      ownLedger: true,
      dataDir: createDataDir(),
      env: { CORE_LEDGER_PORT: String(ledgerPort) },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'CORE_ERR_EMBEDDED_LEDGER',
      message: expect.stringContaining(`127.0.0.1:${ledgerPort} (CORE_LEDGER_PORT)`),
    });
  });
});
