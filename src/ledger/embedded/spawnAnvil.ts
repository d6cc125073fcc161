import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { resolveAnvilBinary } from './anvilBinary.js';
import { callAnvil } from './anvilRpc.js';
import type { SupervisorLogger } from './supervisorLogger.js';

const LISTENING = /Listening on 127\.0\.0\.1:(\d+)/;

/**
 * Starts anvil with `args` in its own process group (a terminal's Ctrl-C reaches the node,
 * which then stops anvil once), logs its stderr, and resolves once it listens.
 * @throws {EmbeddedLedgerError} when it exits or stays silent during start; anvil's own reason
 *   (a state file it cannot parse, a port in use) ends the message.
 */
export async function spawnAnvil(
  args: string[],
  logger: SupervisorLogger,
  startTimeoutMs: number,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(resolveAnvilBinary(), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    stderr.push(line);
    logger.warn({ ledger: 'anvil' }, line);
  });
  return { child, port: await waitForListening(child, startTimeoutMs, stderr) };
}

/** @throws {EmbeddedLedgerError} when the ledger runs another chain. */
export async function assertChainId(url: string, expected: number): Promise<void> {
  const result = await callAnvil<string>(url, 'eth_chainId');
  if (Number(result) !== expected) {
    throw new EmbeddedLedgerError(
      `The embedded ledger reports chain id ${result} instead of ${expected}`,
    );
  }
}

/** Reads anvil's stdout until it says where it listens; keeps draining it afterwards. */
function waitForListening(
  child: ChildProcess,
  timeoutMs: number,
  stderr: readonly string[],
): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => {
      fail(new EmbeddedLedgerError(`The embedded ledger did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    // anvil's own reason (a state file it cannot parse, a port in use) ends the message.
    const onExit = (code: number | null) =>
      setImmediate(() =>
        fail(
          new EmbeddedLedgerError(
            `The embedded ledger exited during start (code ${code})${stderr.length > 0 ? `: ${stderr.join(' ').slice(0, 500)}` : ''}`,
          ),
        ),
      );
    const onError = (cause: Error) =>
      fail(new EmbeddedLedgerError('The embedded ledger could not be started', { cause }));
    function fail(error: EmbeddedLedgerError) {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.kill('SIGKILL');
      reject(error);
    }
    child.once('exit', onExit);
    child.once('error', onError);
    lines.on('line', (line) => {
      const match = LISTENING.exec(line);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.off('error', onError);
      resolve(Number(match[1]));
    });
  });
}
