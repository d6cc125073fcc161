import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Environment } from '../../src/genesis/environment.js';
import { createOperator } from '../../src/genesis/operator.js';
import { runGenesis } from '../../src/genesis/runGenesis.js';
import { createLedgerClient, type LedgerClient } from '../../src/ledger/createLedgerClient.js';
import { TRANSACTION_BLOCKS_KEPT } from '../../src/ledger/embedded/anvilArgs.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER } from '../support/testNode.js';

type Receipt = { transactionHash: Hex; blockNumber: Hex; status: Hex; revertReason?: Hex };
type Block = { number: Hex; hash: Hex; transactions: { hash: Hex }[] };

/** Init code that reverts with one 32-byte word, 0xaa: a failed transaction with revert data. */
const REVERTING_INIT_CODE = '0x60aa60005260206000fd';
const REVERT_DATA = `0x${'aa'.padStart(64, '0')}`;

let dataDir: string;
let ledger: EmbeddedLedger;
let client: LedgerClient;
let environment: Environment;
/** Answers read while anvil still held the early blocks whole. */
const early: { block: Block; receipts: Receipt[]; logs: { blockNumber: Hex }[]; failed: Receipt } =
  {} as never;

async function mined(hash: Hex): Promise<Receipt> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const receipt = await client.request<Receipt | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No receipt for ${hash} within 30 s`);
}

beforeAll(async () => {
  dataDir = createDataDir();
  ledger = new EmbeddedLedger({ dataDir, chainId: 2026, blockTime: 0.02, logger: SILENT_LOGGER });
  await ledger.start();
  client = createLedgerClient({ url: ledger.url });
  environment = await runGenesis({
    ledger: client,
    operator: await createOperator(),
    environmentPath: join(dataDir, 'environment.json'),
  });
  const account = privateKeyToAccount(generatePrivateKey());
  const reverting = await account.signTransaction({
    type: 'eip1559',
    chainId: 2026,
    nonce: 0,
    gas: 100_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
    data: REVERTING_INIT_CODE,
  });
  early.failed = await mined(await client.request<Hex>('eth_sendRawTransaction', [reverting]));
  early.logs = await client.request<{ blockNumber: Hex }[]>('eth_getLogs', [
    { fromBlock: '0x0', toBlock: 'latest', address: environment.registries['did-registry'] },
  ]);
  // The block of the DID Registry's first event (genesis registering the operator).
  const number = (early.logs[0] as { blockNumber: Hex }).blockNumber;
  early.block = await client.request<Block>('eth_getBlockByNumber', [number, true]);
  early.receipts = await client.request<Receipt[]>('eth_getBlockReceipts', [number]);
  // More blocks than anvil keeps whole: one transfer per block.
  const target = Number(early.failed.blockNumber) + TRANSACTION_BLOCKS_KEPT + 8;
  while (Number(await client.request<Hex>('eth_blockNumber')) < target)
    await mined(await client.request<Hex>('eth_sendRawTransaction', [await signFreeTransfer()]));
}, 120_000);

afterAll(async () => {
  await client.close();
  await ledger.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Everything read early is read again, the same, although anvil forgot those blocks' bodies. */
async function expectHistoryServed(): Promise<void> {
  expect(early.block.transactions.length).toBeGreaterThan(0);
  expect(await client.request('eth_getBlockByNumber', [early.block.number, true])).toEqual(
    early.block,
  );
  expect(await client.request('eth_getBlockByHash', [early.block.hash, false])).toEqual({
    ...early.block,
    transactions: early.block.transactions.map(({ hash }) => hash),
  });
  expect(await client.request('eth_getBlockReceipts', [early.block.number])).toEqual(
    early.receipts,
  );
  const tx = early.block.transactions.at(-1) as Block['transactions'][number];
  expect(await client.request('eth_getTransactionByHash', [tx.hash])).toEqual(tx);
  expect(await client.request('eth_getTransactionReceipt', [tx.hash])).toEqual(
    early.receipts.at(-1),
  );
  const logs = await client.request<unknown[]>('eth_getLogs', [
    { fromBlock: '0x0', toBlock: 'latest', address: environment.registries['did-registry'] },
  ]);
  expect(logs.length).toBeGreaterThan(0);
  expect(logs).toEqual(early.logs);
  expect(await client.request('eth_getTransactionReceipt', [early.failed.transactionHash])).toEqual(
    early.failed,
  );
}

describe('the embedded ledger archive', () => {
  test('behavior: a failed transaction’s receipt carries its revert data', () => {
    expect(early.failed).toMatchObject({ status: '0x0', revertReason: REVERT_DATA });
  });

  test('behavior: blocks, transactions, receipts and logs since genesis are served after anvil forgot them', async () => {
    const head = Number(await client.request<Hex>('eth_blockNumber'));
    expect(head - Number(early.failed.blockNumber)).toBeGreaterThan(TRANSACTION_BLOCKS_KEPT);
    await expectHistoryServed();
    // A batch mixing archived and recent history, in the request's order.
    const [old, latest] = await client.send([
      { method: 'eth_getBlockByNumber', params: [early.block.number, false] },
      { method: 'eth_getBlockByNumber', params: ['latest', false] },
    ]);
    expect(old).toMatchObject({ result: { hash: early.block.hash } });
    const latestNumber = Number((latest as { result: { number: Hex } }).result.number);
    expect(latestNumber).toBeGreaterThanOrEqual(head);
  });

  test('error: a malformed topic over archived blocks is refused, as anvil refuses it', async () => {
    const filter = { fromBlock: '0x0', toBlock: 'latest', topics: [['0x1']] };
    await expect(client.request('eth_getLogs', [filter])).rejects.toMatchObject({
      code: 'CORE_ERR_LEDGER_REQUEST',
    });
  });

  test('behavior: they are served again after a restart and after a kill -9 of anvil', async () => {
    await ledger.stop();
    await ledger.start();
    await expectHistoryServed();
    const pid = ledger.pid as number;
    process.kill(pid, 'SIGKILL');
    for (;;) {
      const ready = await client.request('eth_blockNumber').then(
        () => ledger.pid !== undefined && ledger.pid !== pid,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expectHistoryServed();
  });
});
