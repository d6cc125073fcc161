import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { replaceFileAtomic } from '../../files/writeFileAtomic.js';
import type { SupervisorLogger } from './supervisorLogger.js';

/**
 * The files of the durable embedded ledger in `<data dir>/ledger/`:
 * - `checkpoint-<block>.json`: the ledger's state at a block (anvil's state dump format),
 *   replaced atomically; the newest two are kept, so a damaged one never costs the chain;
 * - `journal-<block>.jsonl`: what happened after the checkpoint of that block (see journal.ts);
 * - `state.json`: the state file of nodes before the journal, read once if nothing newer exists.
 * - Design: DESIGN.md §11
 */
const CHECKPOINT = /^checkpoint-(\d+)\.json$/;
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

export function segmentPath(dir: string, block: number): string {
  return join(dir, `journal-${block}.jsonl`);
}

/**
 * The newest checkpoint that is intact, to load at start. A damaged one (unreadable JSON) is
 * renamed `*.damaged`, logged with its path, and the one before it is used: the journal still
 * covers the blocks since then.
 */
export function chooseCheckpoint(dir: string, logger: SupervisorLogger): string | undefined {
  const candidates = numbered(dir, CHECKPOINT).reverse();
  const legacy = join(dir, LEGACY_STATE_FILE);
  if (candidates.length === 0) {
    if (!existsSync(legacy)) return undefined;
    if (isIntact(legacy)) return legacy;
    throw new EmbeddedLedgerError(
      `The ledger state file "${legacy}" is damaged (not complete JSON): restore it from a backup; environment.json and operator.json are untouched`,
    );
  }
  for (const { path } of candidates) {
    if (isIntact(path)) return path;
    logger.error({ file: path }, 'damaged ledger checkpoint set aside; using the previous one');
    renameSync(path, `${path}.damaged`);
  }
  return undefined;
}

/**
 * Writes the checkpoint of `block` atomically, then forgets what the previous checkpoint makes
 * redundant: older checkpoints, journal segments before it, the legacy state file.
 */
export async function writeCheckpoint(
  dir: string,
  block: number,
  state: Uint8Array,
): Promise<void> {
  await replaceFileAtomic(join(dir, `checkpoint-${block}.json`), state, { mode: 0o600 });
  const checkpoints = numbered(dir, CHECKPOINT);
  const previous = checkpoints.length > 1 ? checkpoints[checkpoints.length - 2] : undefined;
  if (!previous) return;
  for (const file of checkpoints) if (file.block < previous.block) rmSync(file.path);
  for (const file of listSegments(dir)) if (file.block < previous.block) rmSync(file.path);
  rmSync(join(dir, LEGACY_STATE_FILE), { force: true });
}

function isIntact(path: string): boolean {
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as { best_block_number?: unknown };
    return state.best_block_number !== undefined;
  } catch {
    return false;
  }
}
