import {
  appendFileSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { createLedgerClient } from '../../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { createDataDir, SILENT_LOGGER, startTestNode, withLedger } from '../support/testNode.js';

/** Torn or truncated files in the data directory: the node recovers or names the file. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newDataDir(): string {
  const dataDir = createDataDir();
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** Sends a free transfer from a fresh key and waits for its receipt. */
async function writeOnce(url: string): Promise<string> {
  const client = createLedgerClient({ url });
  const raw = await signFreeTransfer();
  const hash = await client.request<string>('eth_sendRawTransaction', [raw]);
  while (!(await client.request('eth_getTransactionReceipt', [hash]))) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await client.close();
  return hash;
}

async function receiptOf(url: string, hash: string) {
  const client = createLedgerClient({ url });
  try {
    return await client.request<object | null>('eth_getTransactionReceipt', [hash]);
  } finally {
    await client.close();
  }
}

const newest = (dir: string, prefix: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && !name.endsWith('.damaged'))
    .sort((a, b) => Number(/\d+/.exec(b)?.[0]) - Number(/\d+/.exec(a)?.[0]))[0] as string;

describe('damaged ledger files', () => {
  test('behavior: a truncated newest checkpoint is set aside; the previous one and the journal restore every write', async () => {
    const dataDir = newDataDir();
    const dir = join(dataDir, 'ledger');
    const first = await withLedger(dataDir, writeOnce);
    const second = await withLedger(dataDir, writeOnce);
    const checkpoint = join(dir, newest(dir, 'checkpoint-'));
    truncateSync(checkpoint, 100);
    const receipts = await withLedger(dataDir, async (url) => [
      await receiptOf(url, first),
      await receiptOf(url, second),
    ]);
    expect(receipts.every((receipt) => receipt !== null)).toBe(true);
    expect(readdirSync(dir)).toContain(`${checkpoint.split('/').pop()}.damaged`);
  });

  test('behavior: a checkpoint altered inside its gzip stream fails its CRC and is set aside', async () => {
    const dataDir = newDataDir();
    const dir = join(dataDir, 'ledger');
    const first = await withLedger(dataDir, writeOnce);
    const second = await withLedger(dataDir, writeOnce);
    const name = newest(dir, 'checkpoint-');
    expect(name).toMatch(/^checkpoint-\d+\.json\.gz$/);
    const bytes = readFileSync(join(dir, name));
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    // One bit of the last block of the stream: the trailer's CRC-32 no longer matches.
    bytes[bytes.length - 12] = (bytes[bytes.length - 12] as number) ^ 1;
    writeFileSync(join(dir, name), bytes);
    const receipts = await withLedger(dataDir, async (url) => [
      await receiptOf(url, first),
      await receiptOf(url, second),
    ]);
    expect(receipts.every((receipt) => receipt !== null)).toBe(true);
    expect(readdirSync(dir)).toContain(`${name}.damaged`);
  });

  test('behavior: an unzipped checkpoint of an earlier node loads, and the journal after it replays', async () => {
    const dataDir = newDataDir();
    const dir = join(dataDir, 'ledger');
    const first = await withLedger(dataDir, writeOnce);
    for (const name of readdirSync(dir).filter((file) => file.startsWith('checkpoint-'))) {
      const path = join(dir, name);
      writeFileSync(path.replace(/\.gz$/, ''), gunzipSync(readFileSync(path)));
      rmSync(path);
    }
    const second = await withLedger(dataDir, writeOnce);
    const { receipts, nonce } = await withLedger(dataDir, async (url) => {
      const receipts = [await receiptOf(url, first), await receiptOf(url, second)];
      const client = createLedgerClient({ url });
      // State, not only receipts (the archive keeps those): the first sender's nonce moved.
      const sender = (receipts[0] as { from: string }).from;
      const nonce = await client.request('eth_getTransactionCount', [sender, 'latest']);
      await client.close();
      return { receipts, nonce };
    });
    expect(receipts.every((receipt) => receipt !== null)).toBe(true);
    expect(nonce).toBe('0x1');
  });

  test('behavior: a torn last journal line (an append never acknowledged) is ignored', async () => {
    const dataDir = newDataDir();
    const dir = join(dataDir, 'ledger');
    const hash = await withLedger(dataDir, writeOnce);
    appendFileSync(join(dir, newest(dir, 'journal-')), '{"tx":"0x02f8');
    expect(await withLedger(dataDir, (url) => receiptOf(url, hash))).not.toBeNull();
  });

  test('error: a torn state file of an older node is named, nothing else is touched', async () => {
    const dataDir = newDataDir();
    const dir = join(dataDir, 'ledger');
    await withLedger(dataDir, writeOnce);
    const state = gunzipSync(readFileSync(join(dir, newest(dir, 'checkpoint-'))));
    for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, 'state.json'), state.subarray(0, state.length / 2));
    const ledger = new EmbeddedLedger({
      dataDir,
      chainId: 2026,
      blockTime: 0.05,
      logger: SILENT_LOGGER,
    });
    cleanups.push(() => ledger.stop());
    await expect(ledger.start()).rejects.toMatchObject({
      code: 'CORE_ERR_EMBEDDED_LEDGER',
      message: `The ledger state file "${join(dir, 'state.json')}" is damaged (not complete JSON): restore it from a backup; environment.json and operator.json are untouched`,
    });
  });

  test('error: a torn environment file is named and left as it is', async () => {
    const dataDir = newDataDir();
    const node = await startTestNode({ dataDir, ownLedger: true });
    await node.close();
    const path = join(dataDir, 'environment.json');
    const torn = readFileSync(path).subarray(0, 40);
    writeFileSync(path, torn);
    await expect(startTestNode({ dataDir, ownLedger: true })).rejects.toMatchObject({
      message: `The environment "${path}" is not valid JSON`,
    });
    expect(readFileSync(path)).toEqual(torn);
  });
});
