import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { createLedgerClient } from './createLedgerClient.js';

/** A JSON-RPC server on 127.0.0.1 that answers eth_chainId, or holds every request while hung. */
async function startLedger(): Promise<{
  url: string;
  hung: boolean;
  received: number;
  server: Server;
}> {
  const state = { url: '', hung: true, received: 0, server: undefined as unknown as Server };
  state.server = createServer((request, response) => {
    state.received += 1;
    request.resume();
    if (state.hung) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"jsonrpc":"2.0","id":1,"result":"0x7ea"}');
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe('createLedgerClient', () => {
  test('behavior: a hung ledger opens the breaker: one probe at a time, the rest fail at once', async () => {
    const ledger = await startLedger();
    servers.push(ledger.server);
    const changes: string[] = [];
    const client = createLedgerClient({
      url: ledger.url,
      timeoutMs: 100,
      onHealthChange: (state) => changes.push(state),
    });
    for (let i = 0; i < 3; i++) {
      await expect(client.request('eth_chainId')).rejects.toMatchObject({
        code: 'CORE_ERR_LEDGER_UNAVAILABLE',
      });
    }
    expect(changes).toEqual(['down']);
    const before = ledger.received;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => client.request('eth_chainId')),
    );
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(ledger.received - before).toBe(1);

    ledger.hung = false;
    expect(await client.request('eth_chainId')).toBe('0x7ea');
    expect(changes).toEqual(['down', 'up']);
    await client.close();
  });
});
