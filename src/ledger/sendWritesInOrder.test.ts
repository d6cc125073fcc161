import { describe, expect, test } from 'vitest';
import { LedgerUnavailableError } from '../errors/ledger.js';
import type { LedgerCall, LedgerOutcome } from './jsonRpc.js';
import { sendWritesInOrder } from './sendWritesInOrder.js';

const read = (n: number): LedgerCall => ({
  method: 'eth_getBalance',
  params: [`0x0${n}`, 'latest'],
});
const write = (n: number): LedgerCall => ({ method: 'eth_sendRawTransaction', params: [`0x${n}`] });

/**
 * A ledger that answers each call with its first parameter, records the batches sent, and keeps
 * each batch waiting a few milliseconds, so that an overlap of two round trips would show.
 */
function recordingLedger(failOn?: string) {
  const batches: string[][] = [];
  let inFlight = 0;
  let overlappingWrites = false;
  return {
    batches,
    get overlappingWrites() {
      return overlappingWrites;
    },
    async send(calls: readonly LedgerCall[]): Promise<LedgerOutcome[]> {
      const params = calls.map((call) => String(call.params[0]));
      batches.push(params);
      const writes = calls.some((call) => call.method === 'eth_sendRawTransaction');
      if (writes && inFlight > 0) overlappingWrites = true;
      if (writes) inFlight += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (writes) inFlight -= 1;
      if (failOn !== undefined && params.includes(failOn)) throw new LedgerUnavailableError();
      return params.map((param) => ({ result: param }));
    },
  };
}

describe('sendWritesInOrder', () => {
  test('default: with one raw transaction, reads and the write go in one batch', async () => {
    const ledger = recordingLedger();
    const outcomes = await sendWritesInOrder(ledger, [read(1), write(1), read(2)]);
    expect(ledger.batches).toEqual([['0x01', '0x1', '0x02']]);
    expect(outcomes).toEqual([{ result: '0x01' }, { result: '0x1' }, { result: '0x02' }]);
  });

  test('behavior: several raw transactions go one at a time, in order, each after the previous answer', async () => {
    const ledger = recordingLedger();
    const outcomes = await sendWritesInOrder(ledger, [
      write(1),
      read(1),
      write(2),
      write(3),
      read(2),
    ]);
    expect(ledger.batches).toEqual([['0x01', '0x02'], ['0x1'], ['0x2'], ['0x3']]);
    expect(ledger.overlappingWrites).toBe(false);
    expect(outcomes).toEqual([
      { result: '0x1' },
      { result: '0x01' },
      { result: '0x2' },
      { result: '0x3' },
      { result: '0x02' },
    ]);
  });

  test('behavior: without reads, no empty batch reaches the ledger', async () => {
    const ledger = recordingLedger();
    await sendWritesInOrder(ledger, [write(1), write(2)]);
    expect(ledger.batches).toEqual([['0x1'], ['0x2']]);
  });

  test('error: an unreachable ledger fails the payload, and no later transaction is sent', async () => {
    const ledger = recordingLedger('0x2');
    await expect(sendWritesInOrder(ledger, [write(1), write(2), write(3)])).rejects.toBeInstanceOf(
      LedgerUnavailableError,
    );
    expect(ledger.batches.flat()).toEqual(['0x1', '0x2']);
  });
});
