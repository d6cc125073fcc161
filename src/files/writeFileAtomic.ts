import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Replaces a file so that a crash at any instant leaves either the old or the new content,
 * never a torn one: write a temporary sibling, fsync it, rename it over the target, fsync the
 * directory (so that the rename itself survives a power loss).
 * - Design: DESIGN.md §11
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', options.mode ?? 0o644);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  fsyncDirectory(dirname(path));
}

/**
 * {@link writeFileAtomic} without blocking the event loop while a large file is written and
 * synced (a ledger checkpoint is hundreds of MiB on a large chain). `data` may arrive in pieces
 * (written as they come, never held whole); if they fail, the target is left as it was.
 * @returns the number of bytes written.
 */
export async function replaceFileAtomic(
  path: string,
  data: Uint8Array | AsyncIterable<Uint8Array>,
  options: { mode?: number } = {},
): Promise<number> {
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w', options.mode ?? 0o644);
  let written = 0;
  try {
    for await (const piece of data instanceof Uint8Array ? [data] : data) {
      await file.writeFile(piece);
      written += piece.byteLength;
    }
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, path);
  const directory = await open(dirname(path), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
  return written;
}

/** Makes the directory's entries (a rename, a new file) durable. */
export function fsyncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
