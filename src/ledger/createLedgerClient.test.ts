import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import {
  createLedgerClient,
  type LedgerAnswer,
  type LedgerTransport,
} from './createLedgerClient.js';

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

/** An in-process ledger (a `LedgerTransport`) that answers like startLedger's, or never. */
function inProcessLedger(): { hung: boolean; received: number; transport: LedgerTransport } {
  const state = {
    hung: true,
    received: 0,
    transport: {
      send: (_body: string): Promise<LedgerAnswer> => {
        state.received += 1;
        if (state.hung) return new Promise(() => {});
        return Promise.resolve({ status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x7ea"}' });
      },
    } as LedgerTransport,
  };
  return state;
}

describe('createLedgerClient', () => {
  test.each(['HTTP', 'an in-process transport'])(
    'behavior: a hung ledger over %s opens the breaker: one probe at a time, the rest fail at once',
    async (carrier) => {
      const ledger = carrier === 'HTTP' ? await startLedger() : inProcessLedger();
      if ('server' in ledger) servers.push(ledger.server);
      const changes: string[] = [];
      const client = createLedgerClient({
        url: 'url' in ledger ? ledger.url : 'http://127.0.0.1:9',
        ...('transport' in ledger ? { transport: ledger.transport } : {}),
        // Long enough for an answer on a loaded 2-core CI, short enough for three to time out.
        timeoutMs: 500,
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
    },
  );

  test('behavior: the stalls a transport reports while a call waits move its deadline; no more', async () => {
    /** Answers after 300 ms; `stalledMs` reports stalls during them, up to `stallFor` ms. */
    const slow = (stallFor?: number): LedgerTransport => {
      const since = performance.now();
      return {
        send: () =>
          new Promise((resolve) =>
            setTimeout(
              () => resolve({ status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x1"}' }),
              300,
            ),
          ),
        ...(stallFor === undefined
          ? {}
          : { stalledMs: () => Math.min(stallFor, performance.now() - since) }),
      };
    };
    const request = (transport: LedgerTransport) =>
      createLedgerClient({ url: 'http://127.0.0.1:9', transport, timeoutMs: 100 }).request(
        'eth_blockNumber',
      );
    // Stalled (a block, a checkpoint) the whole time: waits as long as it takes.
    expect(await request(slow(Number.POSITIVE_INFINITY))).toBe('0x1');
    // No stall, or one that ended long before the answer (hung, not busy): the deadline holds.
    await expect(request(slow())).rejects.toMatchObject({ code: 'CORE_ERR_LEDGER_UNAVAILABLE' });
    await expect(request(slow(50))).rejects.toMatchObject({ code: 'CORE_ERR_LEDGER_UNAVAILABLE' });
  });

  test('behavior: past its deadline, a call waits on while the ledger answers others; not once it falls silent', async () => {
    /** Answers after 300 ms; its other calls were last answered `silentMs()` ago. */
    const busy = (silentMs: () => number): LedgerTransport => ({
      send: () =>
        new Promise((resolve) =>
          setTimeout(
            () => resolve({ status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x1"}' }),
            300,
          ),
        ),
      silentMs,
    });
    const request = (transport: LedgerTransport) =>
      createLedgerClient({ url: 'http://127.0.0.1:9', transport, timeoutMs: 100 }).request(
        'eth_blockNumber',
      );
    // Overloaded: something was answered a moment ago, all along.
    expect(await request(busy(() => 10))).toBe('0x1');
    // Hung: the last answer is older than the deadline.
    const since = performance.now();
    await expect(request(busy(() => performance.now() - since + 100))).rejects.toMatchObject({
      code: 'CORE_ERR_LEDGER_UNAVAILABLE',
    });
  });

  test('error: an in-process ledger that answers 503 (starting) is unavailable', async () => {
    const client = createLedgerClient({
      url: 'http://127.0.0.1:9',
      transport: { send: async () => ({ status: 503, body: '{}' }) },
    });
    await expect(client.request('eth_chainId')).rejects.toMatchObject({
      code: 'CORE_ERR_LEDGER_UNAVAILABLE',
    });
  });
});
