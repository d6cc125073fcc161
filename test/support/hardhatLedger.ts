import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/** A Hardhat node started by the tests: the second, independent ledger implementation. */
export type HardhatLedger = {
  /** JSON-RPC over HTTP; Hardhat serves WebSocket on the same port. */
  readonly url: string;
  readonly pid: number | undefined;
  stop(): Promise<void>;
};

export type StartHardhatLedgerOptions = {
  chainId: number;
  /** Milliseconds between blocks mined while idle, as a QBFT validator mines empty blocks. */
  intervalMs: number;
};

const LISTENING = /JSON-RPC server at http:\/\/127\.0\.0\.1:(\d+)\//;
const START_TIMEOUT_MS = 60_000;

/**
 * The `networks.hardhat` settings that make Hardhat the ledger the node expects, each the
 * counterpart of an anvil flag in `src/ledger/embedded/anvilArgs.ts` or of a Besu genesis field.
 * - `initialBaseFeePerGas: 0`: free gas (anvil `--base-fee 0`, Besu `zeroBaseFee`).
 * - `accounts: []`: no pre-funded dev accounts (anvil `--accounts 0`).
 * - `mining`: each transaction mined at once, and an empty block every `intervalMs` otherwise,
 *   so commit–reveal maturities (counted in blocks) pass without writes.
 * - `allowBlocksWithSameTimestamp`: blocks every 100 ms would otherwise push timestamps a second
 *   ahead per block, far past the wall clock that tokens and credentials are checked against.
 * - `throwOnTransactionFailures: false`: a transaction that reverts is mined and its hash is
 *   returned, as Besu and anvil do, instead of an error for `eth_sendRawTransaction`.
 * - Hardhat docs: https://hardhat.org/hardhat-network/reference#config
 */
export function toHardhatConfig(options: StartHardhatLedgerOptions): Record<string, unknown> {
  return {
    networks: {
      hardhat: {
        chainId: options.chainId,
        hardfork: 'cancun',
        initialBaseFeePerGas: 0,
        gasPrice: 0,
        blockGasLimit: 1_000_000_000,
        accounts: [],
        mining: { auto: true, interval: options.intervalMs },
        allowBlocksWithSameTimestamp: true,
        throwOnTransactionFailures: false,
        throwOnCallFailures: true,
        loggingEnabled: false,
      },
    },
  };
}

/**
 * Starts `hardhat node` (Hardhat 2, pinned in package.json) on a free port of 127.0.0.1 with a
 * config written to a temporary directory, and resolves once it listens.
 */
export async function startHardhatLedger(
  options: StartHardhatLedgerOptions,
): Promise<HardhatLedger> {
  const dir = mkdtempSync(join(tmpdir(), 'core-registry-hardhat-'));
  const config = join(dir, 'hardhat.config.cjs');
  writeFileSync(config, `module.exports = ${JSON.stringify(toHardhatConfig(options), null, 2)};\n`);
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('hardhat/package.json')),
    'internal/cli/bootstrap.js',
  );
  const child = spawn(
    process.execPath,
    [cli, 'node', '--config', config, '--hostname', '127.0.0.1', '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    },
  );
  // Should vitest exit without its teardown (a crash, a second Ctrl-C), Hardhat goes with it.
  const onExit = () => child.kill('SIGKILL');
  process.on('exit', onExit);
  child.once('exit', () => process.off('exit', onExit));
  try {
    const port = await waitForListening(child);
    return {
      url: `http://127.0.0.1:${port}`,
      get pid() {
        return child.exitCode === null ? child.pid : undefined;
      },
      async stop() {
        await kill(child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await kill(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Reads Hardhat's stdout until it says where it listens; keeps draining both streams. */
function waitForListening(child: ChildProcess): Promise<number> {
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`Hardhat did not start in ${START_TIMEOUT_MS} ms: ${output.join(' ')}`)),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Hardhat exited during start (code ${code}): ${output.join(' ')}`));
    });
    // Both streams are read to the end so that Hardhat never blocks on a full pipe; the first
    // lines explain a failed start.
    const keep = (line: string) => {
      if (output.length < 20) output.push(line);
    };
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', keep);
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      keep(line);
      const match = LISTENING.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    });
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
