import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Hex } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { toAnvilArgs } from '../../src/ledger/embedded/anvilArgs.js';
import { callAnvil } from '../../src/ledger/embedded/anvilRpc.js';
import { type LedgerArchive, openLedgerArchive } from '../../src/ledger/embedded/archive.js';
import { archiveBlocks, archiveReplayed } from '../../src/ledger/embedded/archiveBlocks.js';
import { spawnAnvil } from '../../src/ledger/embedded/spawnAnvil.js';
import type { SupervisorLogger } from '../../src/ledger/embedded/supervisorLogger.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER } from '../support/testNode.js';
import { createTestSequencer, submitRaw } from '../support/testSequencer.js';

let dataDir: string;
let anvil: Awaited<ReturnType<typeof spawnAnvil>>;
let anvilUrl: string;
let archive: LedgerArchive;
let warned: { obj: unknown; msg: string }[];
const logger: SupervisorLogger = {
  ...SILENT_LOGGER,
  warn: (obj, msg) => warned.push({ obj, msg }),
};

beforeAll(() => {
  dataDir = createDataDir();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeEach(async () => {
  anvil = await spawnAnvil(toAnvilArgs({ port: 0, chainId: 2026 }), SILENT_LOGGER, 30_000);
  anvilUrl = `http://127.0.0.1:${anvil.port}`;
  archive = await openLedgerArchive(mkdtempSync(join(dataDir, 'archive-')));
  warned = [];
});
afterEach(async () => {
  await archive.close();
  anvil.child.kill('SIGKILL');
});

/** Sends one transfer and mines it in a block of its own at `timestamp`. */
async function mineTransfer(timestamp: number): Promise<void> {
  await callAnvil(anvilUrl, 'eth_sendRawTransaction', [await signFreeTransfer()]);
  await callAnvil(anvilUrl, 'evm_mine', [{ timestamp }]);
}

async function hashOf(number: number): Promise<Hex> {
  const block = await callAnvil<{ hash: Hex }>(anvilUrl, 'eth_getBlockByNumber', [
    `0x${number.toString(16)}`,
    false,
  ]);
  return block.hash;
}

describe('archiveReplayed', () => {
  test('behavior: a block the archive holds with the same hash is kept, its receipts not asked again', async () => {
    await mineTransfer(2_000_000_000);
    await archiveBlocks(anvilUrl, archive, 1);
    await archive.flush();
    const append = vi.spyOn(archive, 'append');
    const truncate = vi.spyOn(archive, 'truncateAfter');

    await archiveReplayed(anvilUrl, archive, 1, logger);

    expect(append).not.toHaveBeenCalled();
    expect(truncate).not.toHaveBeenCalled();
    expect(archive.head).toBe(1);
    expect(archive.blockHash(1)).toBe(await hashOf(1));
    expect(warned).toEqual([]);
  });

  test('behavior: a block the replay made otherwise replaces the archive’s, and the blocks after it go, said once', async () => {
    const snapshot = await callAnvil<Hex>(anvilUrl, 'evm_snapshot', []);
    await mineTransfer(2_000_000_000);
    await mineTransfer(2_000_000_001);
    await archiveBlocks(anvilUrl, archive, 2);
    const archived = archive.blockHash(1);
    // The chain anvil holds now differs from block 1 on: another timestamp, another transaction.
    await callAnvil(anvilUrl, 'evm_revert', [snapshot]);
    await mineTransfer(2_000_000_100);

    await archiveReplayed(anvilUrl, archive, 1, logger);

    expect(archive.head).toBe(1);
    expect(archive.blockHash(1)).toBe(await hashOf(1));
    expect(archive.blockHash(1)).not.toBe(archived);
    expect(archive.blockReceipts(1)).toHaveLength(1);
    expect(warned).toEqual([
      {
        obj: { from: 1, to: 2 },
        msg: 'ledger archive: forgetting blocks the chain no longer has',
      },
    ]);
  });

  test('behavior: a block after the archive’s head is archived', async () => {
    await mineTransfer(2_000_000_000);

    await archiveReplayed(anvilUrl, archive, 1, logger);

    expect(archive.head).toBe(1);
    expect(archive.blockHash(1)).toBe(await hashOf(1));
    expect(archive.blockReceipts(1)).toHaveLength(1);
  });
});

describe('the replay a checkpoint would save', () => {
  test('behavior: it counts archiving only for blocks the archive has not written to disk yet', async () => {
    const sequencer = await createTestSequencer(
      anvilUrl,
      mkdtempSync(join(dataDir, 'sequencer-')),
      archive,
    );
    try {
      await submitRaw(sequencer, await signFreeTransfer());
      await sequencer.mine();
      const unwritten = sequencer.progress.replayMs;
      expect(archive.durableHead).toBeLessThan(1);

      await archive.flush();

      expect(archive.durableHead).toBe(1);
      expect(sequencer.progress.replayMs).toBeGreaterThan(0);
      expect(sequencer.progress.replayMs).toBeLessThan(unwritten);
    } finally {
      await sequencer.close();
    }
  });
});
