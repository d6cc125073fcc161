import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getJson, postLedger, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * A hung (SIGSTOP) or killed ledger under a running node: fast 503s and JSON-RPC -32603, never a
 * 500, and recovery once the ledger is back.
 */
let node: TestNode;
let didPath: string;

beforeAll(async () => {
  node = await startTestNode({ ownLedger: true });
  didPath = `/v1/did-registry/identifiers/${node.environment.operatorDid}`;
});
afterAll(() => node.close());

const anvilPid = () => node.ledger.pid as number;

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await sleep(100);
}

describe('a hung ledger', () => {
  test('behavior: reads, /ready and JSON-RPC fail fast, then recover when it resumes', async () => {
    const pid = anvilPid();
    process.kill(pid, 'SIGSTOP');
    try {
      const read = await getJson(node.url, didPath);
      expect(read.status).toBe(503);
      expect(read.body).toMatchObject({ status: 503 });
      expect((await fetch(`${node.url}/ready`)).status).toBe(503);
      const rpc = await postLedger(
        node.url,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      );
      expect(rpc.json).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: 'The ledger is unavailable' },
      });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until(async () => (await getJson(node.url, didPath)).status === 200);
    expect((await fetch(`${node.url}/ready`)).status).toBe(200);
  });
});

describe('a killed ledger', () => {
  test('behavior: reads under load get 200 or 503, never a 500, and recover', async () => {
    const statuses = new Set<number>();
    let loading = true;
    const load = (async () => {
      while (loading) {
        const results = await Promise.all(
          Array.from({ length: 8 }, () => getJson(node.url, didPath).then((r) => r.status)),
        );
        for (const status of results) statuses.add(status);
      }
    })();
    const pid = anvilPid();
    process.kill(pid, 'SIGKILL');
    await until(async () => node.ledger.pid !== undefined && node.ledger.pid !== pid);
    await until(async () => (await getJson(node.url, didPath)).status === 200);
    loading = false;
    await load;
    expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.has(503)).toBe(true);
  });
});
