import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Hex, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toAnvilArgs } from '../../src/ledger/embedded/anvilArgs.js';
import { callAnvil } from '../../src/ledger/embedded/anvilRpc.js';
import { openLedgerArchive } from '../../src/ledger/embedded/archive.js';
import { readJournal } from '../../src/ledger/embedded/journal.js';
import { spawnAnvil } from '../../src/ledger/embedded/spawnAnvil.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER } from '../support/testNode.js';
import { createTestSequencer, submitRaw } from '../support/testSequencer.js';

const MAX = 10;
const SUBMISSIONS = 25;

let dataDir: string;
beforeAll(() => {
  dataDir = createDataDir();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a block’s size', () => {
  test('behavior: beyond a full block, transactions wait for the next one, in the order they came, and each is answered', async () => {
    const ledger = await spawnAnvil(toAnvilArgs({ port: 0, chainId: 2026 }), SILENT_LOGGER, 30_000);
    const anvilUrl = `http://127.0.0.1:${ledger.port}`;
    const dir = mkdtempSync(join(dataDir, 'sequencer-'));
    const archive = await openLedgerArchive(join(dir, 'archive'));
    const pooled: boolean[] = [];
    try {
      const sequencer = await createTestSequencer(anvilUrl, dir, archive, {
        maxBlockTransactions: MAX,
        onPooled: (full) => pooled.push(full),
      });
      const raws = await Promise.all(Array.from({ length: SUBMISSIONS }, () => signFreeTransfer()));
      const answered: Hex[] = [];
      const answers = raws.map((raw) =>
        submitRaw(sequencer, raw).then((answer) => {
          answered.push(raw);
          return answer;
        }),
      );
      // The first full block's worth is answered; the rest waits for a block.
      await until(() => answered.length === MAX);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toHaveLength(MAX);
      expect(sequencer.isFull).toBe(true);
      expect(pooled).toContain(true);

      while (sequencer.head < 3) await sequencer.mine();
      for (const answer of await Promise.all(answers)) expect(answer.status).toBe(200);
      expect(sequencer.isFull).toBe(false);

      const blocks = await Promise.all(
        [1, 2, 3].map((number) =>
          callAnvil<{ transactions: Hex[] }>(anvilUrl, 'eth_getBlockByNumber', [
            `0x${number.toString(16)}`,
            false,
          ]),
        ),
      );
      const hashes = raws.map((raw) => keccak256(raw));
      expect(blocks.map((block) => block.transactions)).toEqual([
        hashes.slice(0, MAX),
        hashes.slice(MAX, 2 * MAX),
        hashes.slice(2 * MAX),
      ]);
      // The journal holds them in the same order, each block after its transactions: a replay
      // mines the same blocks.
      const records = readJournal(join(dir, 'journal-0.jsonl'));
      const blockAt = (block: number) =>
        records.findIndex((record) => 'block' in record && record.block === block);
      expect(
        records.filter((record) => 'tx' in record).map((record) => 'tx' in record && record.tx),
      ).toEqual(raws);
      expect(
        records.findIndex((record) => 'tx' in record && record.tx === raws[MAX]),
      ).toBeGreaterThan(blockAt(1));
      await sequencer.close();
    } finally {
      await archive.close();
      ledger.child.kill('SIGKILL');
    }
  });
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
