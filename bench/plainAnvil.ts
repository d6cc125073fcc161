import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { toAnvilArgs } from '../src/ledger/embedded/anvilArgs.js';
import { resolveAnvilBinary } from '../src/ledger/embedded/anvilBinary.js';

/**
 * anvil with the embedded ledger's settings but without its journaling front: the baseline that
 * shows what the journal (fsync before anvil sees a transaction) costs.
 */
export async function startPlainAnvil(
  chainId: number,
  options: { historyStates?: number; transactionBlocksKept?: number } = {},
): Promise<{ url: string; stop(): void }> {
  const args = toAnvilArgs({ port: 0, chainId, ...options });
  const child = spawn(resolveAnvilBinary(), args, {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(line);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`anvil exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Resident memory of a process in MiB (Linux), or NaN where it cannot be read. */
export async function rssMiB(pid: number | undefined): Promise<number> {
  const { readFileSync } = await import('node:fs');
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) a process has used, in seconds (Linux), or NaN where unreadable. */
export async function cpuSeconds(pid: number | undefined): Promise<number> {
  const { readFileSync } = await import('node:fs');
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
