import { describe, expect, test } from 'vitest';
import { LedgerUnavailableError } from '../errors/ledger.js';
import { coalesceReads } from './coalesceReads.js';
import type { LedgerCall, LedgerOutcome } from './jsonRpc.js';

/** A ledger that answers each call with its method and params, recording the batches sent. */
function recordingLedger() {
  const batches: LedgerCall[][] = [];
  return {
    batches,
    async send(calls: readonly LedgerCall[]): Promise<LedgerOutcome[]> {
      batches.push([...calls]);
      return calls.map((call) => ({ result: `${call.method}(${JSON.stringify(call.params)})` }));
    },
  };
}

describe('coalesceReads', () => {
  test('default: the reads of one tick go in one batch; identical calls are sent once and share the answer', async () => {
    const ledger = recordingLedger();
    const reads = coalesceReads(ledger);
    const [a, b, c] = await Promise.all([
      reads([{ method: 'eth_blockNumber', params: [] }]),
      reads([
        { method: 'eth_blockNumber', params: [] },
        { method: 'eth_getBalance', params: ['0x01', 'latest'] },
      ]),
      reads([{ method: 'eth_getBalance', params: ['0x02', 'latest'] }]),
    ]);
    expect(ledger.batches).toHaveLength(1);
    expect(ledger.batches[0]?.map((call) => call.params[0] ?? call.method)).toEqual([
      'eth_blockNumber',
      '0x01',
      '0x02',
    ]);
    expect(a).toEqual([{ result: 'eth_blockNumber([])' }]);
    expect(b).toEqual([
      { result: 'eth_blockNumber([])' },
      { result: 'eth_getBalance(["0x01","latest"])' },
    ]);
    expect(c).toEqual([{ result: 'eth_getBalance(["0x02","latest"])' }]);
  });

  test('behavior: a later tick is a new batch (its answer is asked after its calls arrived)', async () => {
    const ledger = recordingLedger();
    const reads = coalesceReads(ledger);
    await reads([{ method: 'eth_blockNumber', params: [] }]);
    await reads([{ method: 'eth_blockNumber', params: [] }]);
    expect(ledger.batches).toHaveLength(2);
  });

  test('error: an unreachable ledger fails every waiting call', async () => {
    const reads = coalesceReads({
      send: async () => {
        throw new LedgerUnavailableError();
      },
    });
    const results = await Promise.allSettled([
      reads([{ method: 'eth_chainId', params: [] }]),
      reads([{ method: 'eth_chainId', params: [] }]),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
