import type { Hex } from 'viem';
import { callAnvil } from '../../src/ledger/embedded/anvilRpc.js';
import type { LedgerArchive } from '../../src/ledger/embedded/archive.js';
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
