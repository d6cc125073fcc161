import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Hex, keccak256 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toAnvilArgs } from '../../src/ledger/embedded/anvilArgs.js';
import { callAnvil } from '../../src/ledger/embedded/anvilRpc.js';
import {
  openLedgerArchive,
  type RpcBlock,
  type RpcReceipt,
} from '../../src/ledger/embedded/archive.js';
import { readJournal } from '../../src/ledger/embedded/journal.js';
import { BlockNotArchivedError } from '../../src/ledger/embedded/sequencer.js';
import { spawnAnvil } from '../../src/ledger/embedded/spawnAnvil.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER, withLedger } from '../support/testNode.js';
import { createTestSequencer, submitRaw } from '../support/testSequencer.js';

const ROUNDS = 20;
const BATCH = 40;
const ANY_ADDRESS = '0x0000000000000000000000000000000000000001';

let anvil: Awaited<ReturnType<typeof spawnAnvil>>;
let url: string;

beforeAll(async () => {
  anvil = await spawnAnvil(toAnvilArgs({ port: 0, chainId: 2026 }), SILENT_LOGGER, 30_000);
  url = `http://127.0.0.1:${anvil.port}`;
});

afterAll(() => {
  anvil.child.kill('SIGKILL');
});

async function post(body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe("anvil's batches, as the embedded ledger sends them", () => {
  // The sequencer sends each group of submissions as one batch and relies on this order.
  test('behavior: the raw transactions of a batch are mined in batch order, reads running meanwhile', async () => {
    let reading = true;
    const reads = (async () => {
      while (reading) {
        await Promise.all(
          Array.from({ length: 4 }, () =>
            callAnvil(url, 'eth_getBalance', [ANY_ADDRESS, 'latest']),
          ),
        ).catch(() => undefined);
      }
    })();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const raws = await Promise.all(Array.from({ length: BATCH }, () => signFreeTransfer()));
        const answers = (await post(
          raws.map((raw, id) => ({
            jsonrpc: '2.0',
            id,
            method: 'eth_sendRawTransaction',
            params: [raw],
          })),
        )) as { id: number; result?: Hex }[];
        expect(answers.map(({ result }) => result)).toEqual(raws.map((raw) => keccak256(raw)));
        await callAnvil(url, 'evm_mine');
        const block = await callAnvil<{ transactions: Hex[] }>(url, 'eth_getBlockByNumber', [
          'latest',
          false,
        ]);
        expect(block.transactions).toEqual(raws.map((raw) => keccak256(raw)));
      }
    } finally {
      reading = false;
      await reads;
    }
  });
});

describe('the journal’s record of a mined order', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = createDataDir();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('behavior: a replay mines a block in the order the journal recorded, not the journal’s order', async () => {
    const raws = await Promise.all([signFreeTransfer(), signFreeTransfer(), signFreeTransfer()]);
    const [a, b, c] = raws.map((raw) => keccak256(raw)) as [Hex, Hex, Hex];
    const dir = join(dataDir, 'ledger');
    mkdirSync(dir, { recursive: true });
    const timestamp = Math.floor(Date.now() / 1000) + 60;
    const records = [
      ...raws.map((tx) => ({ tx })),
      { block: 1, timestamp },
      { mined: 1, order: [c, a, b] },
    ];
    writeFileSync(
      join(dir, 'journal-0.jsonl'),
      records.map((record) => `${JSON.stringify(record)}\n`).join(''),
    );
    const block = await withLedger(dataDir, (url) =>
      callAnvil<{ transactions: Hex[] }>(url, 'eth_getBlockByNumber', ['0x1', false]),
    );
    expect(block.transactions).toEqual([c, a, b]);
  });

  test('behavior: the order anvil mined is journaled even when archiving its block fails, and the next block archives it', async () => {
    const ledger = await spawnAnvil(toAnvilArgs({ port: 0, chainId: 2026 }), SILENT_LOGGER, 30_000);
    const anvilUrl = `http://127.0.0.1:${ledger.port}`;
    const dir = mkdtempSync(join(dataDir, 'sequencer-'));
    const stored = await openLedgerArchive(join(dir, 'archive'));
    // Archiving block 1 fails once, after anvil mined it (as when anvil is too slow to answer).
    let failed = false;
    const archive = new Proxy(stored, {
      get(target, key) {
        if (key === 'append') {
          return (block: RpcBlock, receipts: RpcReceipt[]) => {
            if (block.number === '0x1' && !failed) {
              failed = true;
              throw new Error('no space left on device');
            }
            target.append(block, receipts);
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    try {
      const sequencer = await createTestSequencer(anvilUrl, dir, archive);
      // Sent free first, tipped second: anvil mines the tipped one first.
      const free = await signFreeTransfer();
      const tipped = await signTippedTransfer(anvilUrl);
      for (const raw of [free, tipped]) await submitRaw(sequencer, raw);
      const order = [keccak256(tipped), keccak256(free)];

      await expect(sequencer.mine()).rejects.toBeInstanceOf(BlockNotArchivedError);
      expect(readJournal(join(dir, 'journal-0.jsonl'))).toContainEqual({ mined: 1, order });
      expect(stored.head).toBe(0);

      await sequencer.mine();
      expect(stored.head).toBe(2);
      expect(stored.block(1, false)?.transactions).toEqual(order);
      await sequencer.close();
    } finally {
      await stored.close();
      ledger.child.kill('SIGKILL');
    }
  });
});

/** A transfer that tips one wei a gas, from a key anvil is told to fund. */
async function signTippedTransfer(anvilUrl: string): Promise<Hex> {
  const account = privateKeyToAccount(generatePrivateKey());
  await callAnvil(anvilUrl, 'anvil_setBalance', [account.address, '0xffffffffff']);
  return account.signTransaction({
    type: 'eip1559',
    chainId: 2026,
    to: account.address,
    nonce: 0,
    gas: 21_000n,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 1n,
  });
}
