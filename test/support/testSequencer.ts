import type { Hex } from 'viem';
import { callAnvil } from '../../src/ledger/embedded/anvilRpc.js';
import type { LedgerArchive } from '../../src/ledger/embedded/archive.js';
import type { FrontAnswer } from '../../src/ledger/embedded/frontAnswers.js';
import { parseRpcBody, type RpcBody } from '../../src/ledger/embedded/frontRequest.js';
import {
  createSequencer,
  type Sequencer,
  type SequencerState,
} from '../../src/ledger/embedded/sequencer.js';
import { createStallClock } from '../../src/ledger/embedded/stallClock.js';

/** A sequencer of a new chain on the anvil at `anvilUrl`, journaling under `dir`. */
export async function createTestSequencer(
  anvilUrl: string,
  dir: string,
  archive: LedgerArchive,
  options: Pick<SequencerState, 'maxBlockTransactions' | 'onPooled'> = {},
): Promise<Sequencer> {
  const genesis = await callAnvil<{ timestamp: Hex }>(anvilUrl, 'eth_getBlockByNumber', [
    '0x0',
    false,
  ]);
  return createSequencer({
    dir,
    anvilUrl,
    head: { block: 0, timestamp: Number(genesis.timestamp) },
    pending: [],
    checkpoint: { block: 0, stateBytes: 0 },
    mineMs: 0,
    replayMs: 0,
    archive,
    stalls: createStallClock(),
    ...options,
  });
}

/** Submits one raw transaction to `sequencer` as the front would: one eth_sendRawTransaction. */
export function submitRaw(sequencer: Sequencer, raw: Hex): Promise<FrontAnswer> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_sendRawTransaction',
    params: [raw],
  });
  return sequencer.submit(body, { raws: [raw], parsed: parseRpcBody(body) as RpcBody });
}
