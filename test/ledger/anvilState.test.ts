import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Hex, recoverTransactionAddress, type TransactionSerialized } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toAnvilArgs } from '../../src/ledger/embedded/anvilArgs.js';
import { callAnvil } from '../../src/ledger/embedded/anvilRpc.js';
import { dumpState, loadState } from '../../src/ledger/embedded/anvilState.js';
import {
  DamagedCheckpointError,
  readCheckpoint,
  writeCheckpoint,
} from '../../src/ledger/embedded/checkpoints.js';
import { spawnAnvil } from '../../src/ledger/embedded/spawnAnvil.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { SILENT_LOGGER } from '../support/testNode.js';

const BLOCKS = 30;
const TRANSFERS_PER_BLOCK = 20;

type Anvil = Awaited<ReturnType<typeof spawnAnvil>>;
const anvils: Anvil[] = [];
let dir: string;

async function startAnvil(): Promise<string> {
  const anvil = await spawnAnvil(toAnvilArgs({ port: 0, chainId: 2026 }), SILENT_LOGGER, 30_000);
  anvils.push(anvil);
  return `http://127.0.0.1:${anvil.port}`;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'anvil-state-'));
});
afterAll(() => {
  for (const anvil of anvils) anvil.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe("anvil's state streamed to a checkpoint and back", () => {
  test('default: a state dumped piece by piece into a file loads into a new anvil whole', async () => {
    const source = await startAnvil();
    const raws: Hex[] = [];
    for (let block = 0; block < BLOCKS; block++) {
      const block = await Promise.all(
        Array.from({ length: TRANSFERS_PER_BLOCK }, () => signFreeTransfer()),
      );
      for (const raw of block) await callAnvil<Hex>(source, 'eth_sendRawTransaction', [raw]);
      raws.push(...block);
      await callAnvil(source, 'evm_mine');
    }
    const head = await callAnvil<{ number: Hex; hash: Hex; stateRoot: Hex }>(
      source,
      'eth_getBlockByNumber',
      ['latest', false],
    );

    const saved = await writeCheckpoint(dir, Number(head.number), dumpState(source));
    const path = join(dir, `checkpoint-${Number(head.number)}.json.gz`);
    expect(saved.bytes).toBe(statSync(path).size);
    // The same bytes as anvil's answer read whole.
    const whole = await callAnvil<Hex>(source, 'anvil_dumpState');
    expect(readFileSync(path).equals(Buffer.from(whole.slice(2), 'hex'))).toBe(true);
    expect(saved.stateBytes).toBeGreaterThan(saved.bytes);

    const target = await startAnvil();
    await loadState(target, readCheckpoint(path));
    const loaded = await callAnvil<{ number: Hex; hash: Hex; stateRoot: Hex }>(
      target,
      'eth_getBlockByNumber',
      ['latest', false],
    );
    expect(loaded.number).toBe(head.number);
    expect(loaded.stateRoot).toBe(head.stateRoot);
    // Each sender's transfer is in the loaded state: its nonce moved on.
    const senders = await Promise.all(
      raws
        .slice(-5)
        .map((raw) =>
          recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized }),
        ),
    );
    for (const from of senders) {
      expect(await callAnvil(target, 'eth_getTransactionCount', [from, 'latest'])).toBe('0x1');
    }
  });

  test('error: a state anvil cannot read is refused with its words, and anvil keeps its own', async () => {
    const target = await startAnvil();
    await writeCheckpoint(dir, 1, gzipSync('this is no state'));
    await expect(
      loadState(target, readCheckpoint(join(dir, 'checkpoint-1.json.gz'))),
    ).rejects.toThrow(/refused "anvil_loadState"/);
    expect(await callAnvil(target, 'eth_blockNumber')).toBe('0x0');
  });

  test('error: a torn checkpoint is cut off before its end, and anvil then loads the previous one', async () => {
    const source = await startAnvil();
    await callAnvil<Hex>(source, 'eth_sendRawTransaction', [await signFreeTransfer()]);
    await callAnvil(source, 'evm_mine');
    const own = mkdtempSync(join(dir, 'torn-'));
    await writeCheckpoint(own, 1, dumpState(source));
    await callAnvil(source, 'evm_mine');
    await writeCheckpoint(own, 2, dumpState(source));
    const torn = join(own, 'checkpoint-2.json.gz');
    // Every byte but the trailer's last: anvil would have all the state it needs.
    truncateSync(torn, statSync(torn).size - 1);

    const target = await startAnvil();
    await expect(loadState(target, readCheckpoint(torn))).rejects.toBeInstanceOf(
      DamagedCheckpointError,
    );
    expect(await callAnvil(target, 'eth_blockNumber')).toBe('0x0');
    await loadState(target, readCheckpoint(join(own, 'checkpoint-1.json.gz')));
    expect(await callAnvil(target, 'eth_blockNumber')).toBe('0x1');
  });
});
