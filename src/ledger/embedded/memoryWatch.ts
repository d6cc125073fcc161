import { readFileSync } from 'node:fs';

export type MemoryWatchParameters = {
  /** The process to watch, while it runs. */
  pid(): number | undefined;
  /** Resident memory above which `onOver` is told, MiB. */
  budgetMiB: number;
  /** Told once, the first time the process is seen over the budget. */
  onOver(rssMiB: number): void;
  /** Milliseconds between looks (default 30 000). */
  intervalMs?: number;
};

/**
 * Watches a process's resident memory (Linux `/proc/<pid>/status`; elsewhere it sees nothing) and
 * says once when it passes a budget: the embedded ledger's memory grows with the data, and an
 * operator should hear of it before the machine runs out, not from the OOM killer.
 */
export function watchMemory(parameters: MemoryWatchParameters): { stop(): void } {
  const { pid, budgetMiB, onOver, intervalMs = 30_000 } = parameters;
  let told = false;
  const look = () => {
    const rss = residentMiB(pid());
    if (told || rss === undefined || rss <= budgetMiB) return;
    told = true;
    onOver(rss);
  };
  const timer = setInterval(look, intervalMs);
  timer.unref();
  look();
  return { stop: () => clearInterval(timer) };
}

/** Resident memory of a process in MiB, or `undefined` where it cannot be read. */
export function residentMiB(pid: number | undefined): number | undefined {
  return residentPartMiB(pid, 'VmRSS');
}

/**
 * The part of a process's resident memory that maps files (`RssFile`: the archive's lmdb pages,
 * code), MiB: page cache the kernel takes back under pressure, unlike the rest.
 */
export function residentFileMiB(pid: number | undefined): number | undefined {
  return residentPartMiB(pid, 'RssFile');
}

function residentPartMiB(pid: number | undefined, field: string): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}
