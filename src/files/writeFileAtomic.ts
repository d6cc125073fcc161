import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
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

/** Makes the directory's entries (a rename, a new file) durable. */
export function fsyncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
