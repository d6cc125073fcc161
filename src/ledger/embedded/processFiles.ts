import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Reads a pid file; `undefined` when missing or unreadable. */
export function readPidFile(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function writePidFile(path: string, pid: number): void {
  writeFileSync(path, `${pid}\n`, { mode: 0o644 });
}

export function removePidFile(path: string): void {
  rmSync(path, { force: true });
}

/** Whether a process with this pid exists (and we may signal it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The command line of a process, where the platform tells it (Linux `/proc`); `undefined`
 * elsewhere or when the process is gone.
 */
export function readCommandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

/** Sends SIGTERM, waits up to `graceMs` for the process to go, then SIGKILL. */
export async function terminate(pid: number, graceMs: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return;
    await sleep(50);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
