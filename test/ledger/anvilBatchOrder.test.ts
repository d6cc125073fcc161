import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Hex, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toAnvilArgs } from '../../src/ledger/embedded/anvilArgs.js';
import { callAnvil } from '../../src/ledger/embedded/anvilRpc.js';
import { spawnAnvil } from '../../src/ledger/embedded/spawnAnvil.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER, withLedger } from '../support/testNode.js';

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
});
