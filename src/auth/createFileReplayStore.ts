import { existsSync, readFileSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import type { ReplayStore } from './replayStore.js';

type Entry = { key: string; expiresAt: number };
type Pending = { line: string; settle: (error?: unknown) => void };

/**
 * A {@link ReplayStore} of one node, kept in a file of its data directory: one JSON line per
 * record, appended and fsynced before `consume` resolves (records that arrive during a write
 * share the next fsync), rewritten without expired records when it opens and when it has grown
 * past four times its live records. A torn last line (a crash mid-append, before the token it
 * guarded was answered) is skipped.
 * - Design: DESIGN.md §11 (what is acknowledged is kept)
 */
export async function createFileReplayStore(path: string): Promise<ReplayStore> {
  const live = new Map<string, number>();
  let file = await openCompacted(path, live);
  let lines = live.size;
  let pending: Pending[] = [];
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  async function writePending(): Promise<void> {
    scheduled = false;
    const batch = pending;
    pending = [];
    try {
      await file.write(batch.map((entry) => entry.line).join(''));
      await file.datasync();
      lines += batch.length;
      if (lines > Math.max(1000, live.size * 4)) {
        await file.close();
        file = await openCompacted(path, live);
        lines = live.size;
      }
      for (const entry of batch) entry.settle();
    } catch (error) {
      for (const entry of batch) entry.settle(error);
    }
  }

  function record(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      pending.push({ line, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (scheduled) return;
      scheduled = true;
      writing = writing.then(writePending);
    });
  }

  return {
    async consume(key, expiresAt, now) {
      const recorded = live.get(key);
      if (recorded !== undefined && recorded > now) return false;
      // Claimed before the write, so that a concurrent consume of the same key sees it.
      live.set(key, expiresAt);
      try {
        await record(`${JSON.stringify({ key, expiresAt } satisfies Entry)}\n`);
      } catch (error) {
        live.delete(key);
        throw error;
      }
      return true;
    },
    async close() {
      await writing;
      await file.close();
    },
  };
}

/**
 * Loads the live records of `path` into `live` (dropping expired ones), rewrites the file with
 * only them, and opens it to append.
 */
async function openCompacted(path: string, live: Map<string, number>): Promise<FileHandle> {
  const now = Math.floor(Date.now() / 1000);
  if (existsSync(path)) {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const entry = parseEntry(line);
      if (entry) live.set(entry.key, entry.expiresAt);
    }
  }
  for (const [key, expiresAt] of live) if (expiresAt <= now) live.delete(key);
  const kept = [...live].map(([key, expiresAt]) => `${JSON.stringify({ key, expiresAt })}\n`);
  writeFileAtomic(path, kept.join(''), { mode: 0o600 });
  return open(path, 'a');
}

function parseEntry(line: string): Entry | undefined {
  try {
    const entry = JSON.parse(line) as Partial<Entry>;
    return typeof entry.key === 'string' && Number.isFinite(entry.expiresAt)
      ? (entry as Entry)
      : undefined;
  } catch {
    return undefined;
  }
}
