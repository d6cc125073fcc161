import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { toAnvilArgs } from './anvilArgs.js';
import { resolveAnvilBinary } from './anvilBinary.js';
import {
  isAlive,
  readCommandLine,
  readPidFile,
  removePidFile,
  terminate,
  writePidFile,
} from './processFiles.js';

/** The few logger methods the supervisor uses (pino-compatible). */
/** The file in `<data dir>/ledger/` that holds the running embedded ledger's JSON-RPC URL. */
export const RPC_URL_FILE = 'rpc-url';

export type SupervisorLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type EmbeddedLedgerOptions = {
  /** The node's data directory; the ledger keeps its files in `<dataDir>/ledger/`. */
  dataDir: string;
  chainId: number;
  /** Seconds between blocks; fractions allowed. */
  blockTime: number;
  logger: SupervisorLogger;
  /** Seconds between periodic state dumps (default 2): what a hard kill can lose. */
  stateInterval?: number;
  /** Time allowed for anvil to start listening, in milliseconds (default 30 000). */
  startTimeoutMs?: number;
};

const LISTENING = /Listening on 127\.0\.0\.1:(\d+)/;
const MAX_RESTART_DELAY_MS = 10_000;
const STABLE_UPTIME_MS = 60_000;

/**
 * Supervises the embedded ledger: anvil as a child process on 127.0.0.1, restarted when it
 * dies, stopped gracefully so that its state is dumped. It keeps its port across restarts, so
 * the ledger URL never changes while the node runs.
 * - Design: DESIGN.md §1, §8
 */
export class EmbeddedLedger {
  readonly #options: Required<EmbeddedLedgerOptions>;
  readonly #dir: string;
  #child: ChildProcess | undefined;
  #port = 0;
  #stopping = false;
  #failures = 0;
  #startedAt = 0;
  #restartTimer: NodeJS.Timeout | undefined;
  readonly #onProcessExit = () => this.#child?.kill('SIGTERM');

  constructor(options: EmbeddedLedgerOptions) {
    this.#options = { stateInterval: 2, startTimeoutMs: 30_000, ...options };
    this.#dir = join(options.dataDir, 'ledger');
  }

  /** JSON-RPC URL of the running ledger. */
  get url(): string {
    if (this.#port === 0) throw new EmbeddedLedgerError('The embedded ledger has not started');
    return `http://127.0.0.1:${this.#port}`;
  }

  /** Pid of the current anvil process, if one runs. */
  get pid(): number | undefined {
    return this.#child?.exitCode === null ? this.#child.pid : undefined;
  }

  /**
   * Starts anvil and waits until it answers with the configured chain id.
   * @throws {EmbeddedLedgerError} when the data dir is in use by another node, or anvil fails.
   */
  async start(): Promise<void> {
    mkdirSync(this.#dir, { recursive: true });
    this.#lockDataDir();
    await this.#reapOrphan();
    process.on('exit', this.#onProcessExit);
    await this.#spawn();
  }

  /** Stops anvil with SIGTERM (it dumps its state) and waits for it to exit. */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#restartTimer);
    const child = this.#child;
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await terminate(child.pid, 15_000);
      await exited;
    }
    process.off('exit', this.#onProcessExit);
    removePidFile(join(this.#dir, 'anvil.pid'));
    removePidFile(join(this.#dir, 'supervisor.pid'));
    rmSync(join(this.#dir, RPC_URL_FILE), { force: true });
  }

  #lockDataDir(): void {
    const lock = join(this.#dir, 'supervisor.pid');
    const holder = readPidFile(lock);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new EmbeddedLedgerError(
        `The data directory "${this.#options.dataDir}" is in use by another node (pid ${holder})`,
      );
    }
    writePidFile(lock, process.pid);
  }

  /** An anvil left behind by a node that died hard would keep overwriting our state file. */
  async #reapOrphan(): Promise<void> {
    const pid = readPidFile(join(this.#dir, 'anvil.pid'));
    if (pid === undefined || !isAlive(pid)) return;
    if (!readCommandLine(pid)?.includes(this.#statePath)) return;
    this.#options.logger.warn({ pid }, 'stopping an orphaned embedded ledger');
    await terminate(pid, 15_000);
  }

  get #statePath(): string {
    return join(this.#dir, 'state.json');
  }

  async #spawn(): Promise<void> {
    const { chainId, blockTime, stateInterval, logger, startTimeoutMs } = this.#options;
    const args = toAnvilArgs({
      port: this.#port,
      chainId,
      blockTime,
      statePath: this.#statePath,
      stateInterval,
    });
    // Own process group: a terminal's Ctrl-C reaches the node, which then stops anvil once.
    const child = spawn(resolveAnvilBinary(), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.#child = child;
    const port = await waitForListening(child, startTimeoutMs);
    if (child.pid !== undefined) writePidFile(join(this.#dir, 'anvil.pid'), child.pid);
    this.#port = port;
    this.#startedAt = Date.now();
    child.once('exit', (code, signal) => this.#onExit(child, code, signal));
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
      logger.warn({ ledger: 'anvil' }, line),
    );
    await this.#assertChainId(chainId);
    // Operator tools on this machine (`core-registry admin deploy-instance`) find the ledger here;
    // it listens on 127.0.0.1 only and is never served to clients.
    writeFileSync(join(this.#dir, RPC_URL_FILE), `${this.url}\n`, { mode: 0o600 });
    logger.info({ url: this.url, chainId, blockTime }, 'embedded ledger ready');
  }

  async #assertChainId(expected: number): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    const { result } = (await response.json()) as { result?: string };
    if (result === undefined || Number(result) !== expected) {
      throw new EmbeddedLedgerError(
        `The embedded ledger reports chain id ${result} instead of ${expected}`,
      );
    }
  }

  #onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#stopping || child !== this.#child) return;
    if (Date.now() - this.#startedAt > STABLE_UPTIME_MS) this.#failures = 0;
    const delay = Math.min(500 * 2 ** this.#failures, MAX_RESTART_DELAY_MS);
    this.#failures += 1;
    this.#options.logger.error({ code, signal, restartInMs: delay }, 'embedded ledger exited');
    this.#scheduleRestart(delay);
  }

  #scheduleRestart(delay: number): void {
    this.#restartTimer = setTimeout(() => {
      if (this.#stopping) return;
      this.#spawn().catch((error: unknown) => {
        this.#options.logger.error({ err: error }, 'embedded ledger failed to restart');
        this.#child?.kill('SIGKILL');
        this.#failures += 1;
        this.#scheduleRestart(Math.min(500 * 2 ** this.#failures, MAX_RESTART_DELAY_MS));
      });
    }, delay);
  }
}

/** Reads anvil's stdout until it says where it listens; keeps draining it afterwards. */
function waitForListening(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => {
      fail(new EmbeddedLedgerError(`The embedded ledger did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    const onExit = (code: number | null) =>
      fail(new EmbeddedLedgerError(`The embedded ledger exited during start (code ${code})`));
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
