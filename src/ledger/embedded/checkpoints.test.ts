import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import {
  type CheckpointBytes,
  checkpointStateBytes,
  gzippedSize,
  loadNewestCheckpoint,
  writeCheckpoint,
} from './checkpoints.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
  dirs.push(dir);
  return dir;
}

const errors: object[] = [];
const logger = { info() {}, warn() {}, error: (obj: object) => void errors.push(obj) };

/** What a load reads: every byte of the checkpoint, as anvil would be sent them. */
const loaded: Buffer[] = [];
async function load({ chunks }: CheckpointBytes): Promise<void> {
  const bytes: Buffer[] = [];
  for await (const chunk of chunks) bytes.push(chunk);
  loaded.push(Buffer.concat(bytes));
}

/** A state as anvil dumps it, gzipped as `anvil_dumpState` returns it. */
const dump = (block: number) =>
  gzipSync(JSON.stringify({ best_block_number: block, accounts: { a: 'x'.repeat(block * 10) } }));

describe('checkpoint files', () => {
  test('default: the state size is read from the gzip trailer, for bytes and for files', async () => {
    const dir = newDir();
    const state = dump(300);
    const json = JSON.stringify({ best_block_number: 300, accounts: { a: 'x'.repeat(3000) } });
    expect(gzippedSize(state)).toBe(Buffer.byteLength(json));
    expect(gzippedSize(state.subarray(0))).toBe(Buffer.byteLength(json));
    expect(await writeCheckpoint(dir, 300, state)).toEqual({
      bytes: state.length,
      stateBytes: Buffer.byteLength(json),
    });
    expect(await checkpointStateBytes(join(dir, 'checkpoint-300.json.gz'))).toBe(
      Buffer.byteLength(json),
    );
    writeFileSync(join(dir, 'checkpoint-1.json'), json);
    expect(await checkpointStateBytes(join(dir, 'checkpoint-1.json'))).toBe(
      Buffer.byteLength(json),
    );
  });

  test('behavior: the newest intact checkpoint is loaded whole, an older node’s unzipped one included', async () => {
    const dir = newDir();
    expect(await loadNewestCheckpoint(dir, load, logger)).toBeUndefined();
    const plain = JSON.stringify({ best_block_number: 5 });
    writeFileSync(join(dir, 'checkpoint-5.json'), plain);
    loaded.length = 0;
    expect(await loadNewestCheckpoint(dir, load, logger)).toBe(join(dir, 'checkpoint-5.json'));
    expect(loaded.map(String)).toEqual([plain]);
    // Larger than a read's chunk: the last one is held back until gzip's trailer checks out.
    const big = gzipSync(randomBytes(300_000));
    await writeCheckpoint(dir, 9, dump(9));
    await writeCheckpoint(dir, 10, big);
    loaded.length = 0;
    expect(await loadNewestCheckpoint(dir, load, logger)).toBe(join(dir, 'checkpoint-10.json.gz'));
    expect(loaded).toEqual([big]);
  });

  test('behavior: writing a checkpoint keeps the newest two, zipped or not', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'checkpoint-5.json'), JSON.stringify({ best_block_number: 5 }));
    await writeCheckpoint(dir, 9, dump(9));
    await writeCheckpoint(dir, 12, dump(12));
    expect(readdirSync(dir).sort()).toEqual(['checkpoint-12.json.gz', 'checkpoint-9.json.gz']);
  });

  test('error: a truncated or altered gzip checkpoint is set aside and the one before it used', async () => {
    const dir = newDir();
    await writeCheckpoint(dir, 3, dump(3));
    writeFileSync(join(dir, 'checkpoint-7.json.gz'), dump(7).subarray(0, 20));
    const altered = dump(8);
    altered[altered.length - 12] = (altered[altered.length - 12] as number) ^ 1;
    writeFileSync(join(dir, 'checkpoint-8.json.gz'), altered);
    errors.length = 0;
    loaded.length = 0;
    expect(await loadNewestCheckpoint(dir, load, logger)).toBe(join(dir, 'checkpoint-3.json.gz'));
    // Only the intact one was read to its end.
    expect(loaded).toEqual([dump(3)]);
    expect(readdirSync(dir).sort()).toEqual([
      'checkpoint-3.json.gz',
      'checkpoint-7.json.gz.damaged',
      'checkpoint-8.json.gz.damaged',
    ]);
    expect(errors).toEqual([
      { file: join(dir, 'checkpoint-8.json.gz') },
      { file: join(dir, 'checkpoint-7.json.gz') },
    ]);
  });
});
