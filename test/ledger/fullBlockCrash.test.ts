import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Hex } from 'viem';
import { afterAll, describe, expect, test } from 'vitest';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir } from '../support/testNode.js';

/**
 * Writes beyond a full block wait in the node, not in anvil: a kill -9 of node and ledger while
 * they wait loses no acknowledged write. The ledger runs in a process of its own (the built one,
 * as `npm start` runs it), with blocks of at most {@link MAX} transactions, and each round sends
 * more than a block holds at once, then kills both as soon as the first receipt is served.
 */
const LEDGER = resolve(import.meta.dirname, '../../dist/src/ledger/embedded/embeddedLedger.js');
const MAX = 5;
const PER_ROUND = 3 * MAX + 2;
const ROUNDS = 5;

type Running = { child: ChildProcess; url: string; dataDir: string };
type Kept = { hash: Hex; blockHash: Hex };
type Receipt = { blockHash: Hex; status: Hex };

const dataDir = createDataDir();
let running: Running | undefined;
afterAll(async () => {
  if (running) await stop(running);
  rmSync(dataDir, { recursive: true, force: true });
});

async function startLedger(): Promise<Running> {
  const script = `
    const { EmbeddedLedger } = await import(${JSON.stringify(LEDGER)});
    const quiet = () => {};
    const ledger = new EmbeddedLedger({
      dataDir: ${JSON.stringify(dataDir)}, chainId: 2026, blockTime: 0.2, maxBlockTransactions: ${MAX},
      logger: { info: quiet, warn: quiet, error: (obj, msg) => console.error(msg, JSON.stringify(obj)) },
    });
    await ledger.start();
    console.log(ledger.url);
    process.on('SIGTERM', () => ledger.stop().then(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the ledger exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', done);
  });
  return { child, url, dataDir };
}

async function stop({ child }: Running): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** SIGKILL for the ledger's process and its anvil, as a host crash would. */
async function crash({ child }: Running): Promise<void> {
  const anvil = Number(readFileSync(join(dataDir, 'ledger/anvil.pid'), 'utf8'));
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(anvil, 'SIGKILL');
  child.kill('SIGKILL');
  await exited;
}

/** One JSON-RPC call on a connection of its own: the ledger's port outlives each crash. */
async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const receiptOf = (url: string, hash: Hex) =>
  call<Receipt | null>(url, 'eth_getTransactionReceipt', [hash]);

/** Waits for the receipt of each of `hashes`: 30 s at most. */
async function receiptsOf(url: string, hashes: readonly Hex[]): Promise<Receipt[]> {
  const deadline = Date.now() + 30_000;
  const receipts: Receipt[] = [];
  for (const hash of hashes) {
    let receipt = await receiptOf(url, hash);
    while (!receipt) {
      if (Date.now() > deadline) throw new Error(`no receipt of ${hash} within 30 s`);
      await sleep(20);
      receipt = await receiptOf(url, hash);
    }
    receipts.push(receipt);
  }
  return receipts;
}

describe('a full block and a crash', () => {
  test(`behavior: ${ROUNDS} rounds of kill -9 while writes wait beyond a full block lose no acknowledged write`, async () => {
    const kept: Kept[] = [];
    /** Answered with their hash, so journaled: replayed into a block after the crash. */
    const answered: Hex[] = [];
    let heldBack = 0;
    for (let round = 0; round < ROUNDS; round++) {
      running = await startLedger();
      const { url } = running;
      // Every write acknowledged before, in the block it was acknowledged in.
      for (const { hash, blockHash } of kept) {
        expect((await receiptOf(url, hash))?.blockHash).toBe(blockHash);
      }
      const raws = await Promise.all(Array.from({ length: PER_ROUND }, () => signFreeTransfer()));
      const sent = raws.map((raw) => call<Hex>(url, 'eth_sendRawTransaction', [raw]));
      const hashes: Hex[] = [];
      for (const answer of sent)
        answer.then(
          (hash) => hashes.push(hash),
          () => {},
        );
      const deadline = Date.now() + 30_000;
      let acknowledged: Kept[] = [];
      while (acknowledged.length === 0) {
        if (Date.now() > deadline) throw new Error('no receipt within 30 s');
        const receipts = await Promise.all(
          hashes.map(async (hash) => ({ hash, receipt: await receiptOf(url, hash) })),
        );
        acknowledged = receipts.flatMap(({ hash, receipt }) =>
          receipt ? [{ hash, blockHash: receipt.blockHash }] : [],
        );
        if (acknowledged.length === 0) await sleep(5);
      }
      // Writes not answered yet are those waiting for room in a block.
      heldBack += PER_ROUND - hashes.length;
      answered.push(...hashes);
      await crash(running);
      running = undefined;
      kept.push(...acknowledged);
    }
    running = await startLedger();
    for (const { hash, blockHash } of kept) {
      const receipt = await receiptOf(running.url, hash);
      expect(receipt?.blockHash).toBe(blockHash);
      expect(receipt?.status).toBe('0x1');
    }
    // The rounds did kill with writes held back; those answered are mined, and the chain goes on.
    expect(heldBack).toBeGreaterThan(0);
    const after = await call<Hex>(running.url, 'eth_sendRawTransaction', [
      await signFreeTransfer(),
    ]);
    const receipts = await receiptsOf(running.url, [...answered, after]);
    expect(receipts.every(({ status }) => status === '0x1')).toBe(true);
  }, 180_000);
});
