import { once } from 'node:events';
import {
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { replaceFileAtomic } from '../../files/writeFileAtomic.js';
import type { SupervisorLogger } from './supervisorLogger.js';

/**
 * The files of the durable embedded ledger in `<data dir>/ledger/`:
 * - `checkpoint-<block>.json.gz`: the ledger's state at a block, as anvil dumps it (its state
 *   dump format, gzipped by anvil), replaced atomically; the newest two are kept, so a damaged one
 *   never costs the chain. Earlier nodes wrote them unzipped (`checkpoint-<block>.json`): both load;
 * - `journal-<block>.jsonl`: what happened after the checkpoint of that block (see journal.ts);
 * - `state.json`: the state file of nodes before the journal, read once if nothing newer exists.
 * - Design: DESIGN.md §11
 */
const CHECKPOINT = /^checkpoint-(\d+)\.json(?:\.gz)?$/;
const SEGMENT = /^journal-(\d+)\.jsonl$/;
export const LEGACY_STATE_FILE = 'state.json';

type NumberedFile = { block: number; path: string };

function numbered(dir: string, pattern: RegExp): NumberedFile[] {
  return readdirSync(dir)
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter(({ match }) => match)
    .map(({ name, match }) => ({ block: Number(match?.[1]), path: join(dir, name) }))
    .sort((a, b) => a.block - b.block);
}

/** Journal segments, oldest first. */
export function listSegments(dir: string): NumberedFile[] {
  return numbered(dir, SEGMENT);
}

/** Checkpoints, gzipped or of an earlier node, oldest first. */
export function listCheckpoints(dir: string): NumberedFile[] {
  return numbered(dir, CHECKPOINT);
}

export function segmentPath(dir: string, block: number): string {
  return join(dir, `journal-${block}.jsonl`);
}

/**
 * Loads the newest intact checkpoint with `load`, which is given the file's bytes as they are
 * read, and returns its path (`undefined`: there is none, a new chain). A gzipped checkpoint is
 * checked while it loads: the bytes pass through gunzip, whose CRC-32 and length catch a torn or
 * altered file, and the stream throws before its last byte reaches `load`. A damaged checkpoint is
 * renamed `*.damaged`, logged with its path, and the one before it is loaded: the journal still
 * covers the blocks since then. A plain one (an earlier node's) must parse before it loads.
 * @throws {EmbeddedLedgerError} when the legacy state file, the only state there is, is damaged.
 */
export async function loadNewestCheckpoint(
  dir: string,
  load: (checkpoint: CheckpointBytes) => Promise<void>,
  logger: SupervisorLogger,
): Promise<string | undefined> {
  const candidates = listCheckpoints(dir).reverse();
  const legacy = join(dir, LEGACY_STATE_FILE);
  if (candidates.length === 0 && existsSync(legacy)) {
    if (!isWholeJson(legacy)) {
      throw new EmbeddedLedgerError(
        `The ledger state file "${legacy}" is damaged (not complete JSON): restore it from a backup; environment.json and operator.json are untouched`,
      );
    }
    await load(readCheckpoint(legacy));
    return legacy;
  }
  for (const { path } of candidates) {
    try {
      if (!path.endsWith('.gz') && !isWholeJson(path)) throw new DamagedCheckpointError(path);
      await load(readCheckpoint(path));
      return path;
    } catch (error) {
      if (!(error instanceof DamagedCheckpointError)) throw error;
      logger.error({ file: path }, 'damaged ledger checkpoint set aside; using the previous one');
      renameSync(path, `${path}.damaged`);
    }
  }
  return undefined;
}

/** A checkpoint file's bytes, read as they are needed, and its size. */
export type CheckpointBytes = { size: number; chunks: AsyncIterable<Buffer> };

/** A checkpoint that does not check out: a torn or altered gzip stream, or JSON that does not parse. */
export class DamagedCheckpointError extends EmbeddedLedgerError {
  constructor(path: string, options?: ErrorOptions) {
    super(`The ledger checkpoint "${path}" is damaged`, options);
  }
}

/** A checkpoint file to load: its bytes, read (and, gzipped, checked) as they are consumed. */
export function readCheckpoint(path: string): CheckpointBytes {
  return {
    size: statSync(path).size,
    chunks: path.endsWith('.gz') ? checkedGzip(path) : createReadStream(path),
  };
}

/** The file's bytes; the gzip stream they hold is checked as they pass, the last chunk held back until it checks out. */
async function* checkedGzip(path: string): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  // Only the check is wanted: what gunzip inflates is dropped.
  gunzip.resume();
  const ended = finished(gunzip);
  // A failure is awaited below; until then it must not go unhandled.
  ended.catch(() => {});
  let held: Buffer | undefined;
  try {
    for await (const chunk of createReadStream(path)) {
      if (held) yield held;
      held = chunk as Buffer;
      if (!gunzip.write(held)) await Promise.race([once(gunzip, 'drain'), ended]);
    }
    gunzip.end();
    await ended;
  } catch (cause) {
    throw new DamagedCheckpointError(path, { cause });
  } finally {
    gunzip.destroy();
  }
  if (held) yield held;
}

/**
 * The size of the state a checkpoint holds: for a gzipped one, what it held before it was gzipped
 * (from its trailer; the file is not read whole).
 */
export async function checkpointStateBytes(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (!path.endsWith('.gz')) return size;
    const { buffer } = await file.read(Buffer.alloc(4), 0, 4, Math.max(0, size - 4));
    return gzippedSize(buffer);
  } finally {
    await file.close();
  }
}

/**
 * The size of what `gzip` holds, from its trailer (RFC 1952 ISIZE: modulo 2^32, so a state of
 * 4 GiB or more reads smaller and is checkpointed more often, never less).
 */
export function gzippedSize(gzip: Uint8Array): number {
  return Buffer.from(gzip.buffer, gzip.byteOffset, gzip.byteLength).readUInt32LE(
    gzip.byteLength - 4,
  );
}

/**
 * Writes the checkpoint of `block` (`state`: anvil's gzipped dump, as it gave it, whole or as it
 * arrives) atomically, then forgets what the previous checkpoint makes redundant: older
 * checkpoints, journal segments before it, the legacy state file.
 * @returns its size on disk and the size of the state it holds.
 */
export async function writeCheckpoint(
  dir: string,
  block: number,
  state: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<{ bytes: number; stateBytes: number }> {
  const path = join(dir, `checkpoint-${block}.json.gz`);
  const bytes = await replaceFileAtomic(path, state, { mode: 0o600 });
  const stateBytes = await checkpointStateBytes(path);
  const checkpoints = listCheckpoints(dir);
  const previous = checkpoints.length > 1 ? checkpoints[checkpoints.length - 2] : undefined;
  if (previous) {
    for (const file of checkpoints) if (file.block < previous.block) rmSync(file.path);
    for (const file of listSegments(dir)) if (file.block < previous.block) rmSync(file.path);
    rmSync(join(dir, LEGACY_STATE_FILE), { force: true });
  }
  return { bytes, stateBytes };
}

function isWholeJson(path: string): boolean {
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as { best_block_number?: unknown };
    return state.best_block_number !== undefined;
  } catch {
    return false;
  }
}
