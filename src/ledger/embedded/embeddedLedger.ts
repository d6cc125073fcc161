import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { writeFileAtomic } from '../../files/writeFileAtomic.js';
import type { LedgerTransport } from '../createLedgerClient.js';
import { toAnvilArgs } from './anvilArgs.js';
import { getHead } from './anvilRpc.js';
import { loadState } from './anvilState.js';
import { type LedgerArchive, openLedgerArchive } from './archive.js';
import {
  archiveReplayed,
  catchUpArchive,
  revertReasonOf,
  settleSetAside,
} from './archiveBlocks.js';
import { type BlockProducer, blockWaitMs, createBlockProducer } from './blockProducer.js';
import { isCheckpointDue, isCheckpointDueAtStop } from './checkpointPolicy.js';
import { checkpointStateBytes, loadNewestCheckpoint } from './checkpoints.js';
import {
  type FrontAnswer,
  forgetAnvil,
  postToAnvil,
  refused,
  silenceOf,
  unavailable,
} from './frontAnswers.js';
import { classifyFrontRequest } from './frontRequest.js';
import { attachHeadsRelay } from './headsRelay.js';
import { answerReads } from './historyReads.js';
import { type FrontHandler, startLedgerFront } from './ledgerFront.js';
import { watchMemory } from './memoryWatch.js';
import {
  isAlive,
  readCommandLine,
  readPidFile,
  removePidFile,
  terminate,
  writePidFile,
} from './processFiles.js';
import { replayJournal } from './replayJournal.js';
import {
  BlockNotArchivedError,
  createSequencer,
  MAX_BLOCK_TRANSACTIONS,
  type Sequencer,
} from './sequencer.js';
import { assertChainId, spawnAnvil } from './spawnAnvil.js';
import { createStallClock } from './stallClock.js';
import type { SupervisorLogger } from './supervisorLogger.js';

/** The file in `<data dir>/ledger/` that holds the running embedded ledger's JSON-RPC URL. */
export const RPC_URL_FILE = 'rpc-url';
/** The file in `<data dir>/ledger/` that remembers the front's port for the next start. */
const FRONT_PORT_FILE = 'front-port';

export type { SupervisorLogger };

export type EmbeddedLedgerOptions = {
  /** The node's data directory; the ledger keeps its files in `<dataDir>/ledger/`. */
  dataDir: string;
  /**
   * Port of the front on 127.0.0.1. 0 (the default): the port of the last start, recorded in
   * `<dataDir>/ledger/front-port`, while it is free, else one the system chooses; either way it
   * is kept across anvil's restarts. Another port fails the start when it is taken.
   */
  port?: number;
  /** Resident memory of anvil above which one warning is logged, MiB (default: no warning). */
  memoryBudgetMiB?: number;
  /**
   * Historical states anvil keeps besides the head's (default none, as a node runs: each is a
   * whole copy of the state). For tests that call contracts at past blocks.
   */
  historyStates?: number;
  chainId: number;
  /** Seconds between blocks while there is work; fractions allowed. */
  blockTime: number;
  logger: SupervisorLogger;
  /** Milliseconds between looks at whether a checkpoint is due (checkpointPolicy.ts; default 2 000). */
  checkpointCheckMs?: number;
  /** Time allowed for anvil to start listening, in milliseconds (default 30 000). */
  startTimeoutMs?: number;
  /**
   * A block or checkpoint that holds anvil this long or longer, in milliseconds, is reported once
   * (default {@link SLOW_STALL_MS}).
   */
  slowStallMs?: number;
  /** Transactions a block holds at most (default {@link MAX_BLOCK_TRANSACTIONS}). */
  maxBlockTransactions?: number;
};

/**
 * anvil answers nothing while it makes a block or dumps a checkpoint, and both grow with the
 * state (0.85 s per block at 15,000 DIDs on the test machine: docs/operators.md "Limits").
 * The first stall this long tells the operator, who should hear of it before the users do.
 */
export const SLOW_STALL_MS = 1_000;

const MAX_RESTART_DELAY_MS = 10_000;
/**
 * Milliseconds between writes of the archive's new blocks to disk. The journal covers what a
 * crash takes from the archive; each write costs lmdb whole pages (the transaction-hash index
 * lands on random ones), so fewer writes cost fewer bytes: 9.4 KB per registry write at 10,000
 * DIDs every 5 s, 17-18 KB every second (bench:scale).
 */
const ARCHIVE_FLUSH_MS = 5_000;
const STABLE_UPTIME_MS = 60_000;
/** Blocks mined after the last transaction: commit–reveal maturities are 5 blocks. */
const TRAILING_BLOCKS = 8;
/** And for at least this long, so that block timestamps pass "a second after the write". */
const TRAILING_MS = 3_000;

/**
 * Supervises the embedded ledger: anvil as a child process behind a journaling front on
 * 127.0.0.1. Every raw transaction and every block is journaled (fsync) before anvil sees it,
 * checkpoints are written atomically, and a start — after a clean stop, a kill -9 of the node
 * or of anvil — loads the newest intact checkpoint and replays the journal, so no acknowledged
 * write is ever lost. The front keeps its port across anvil restarts.
 * - Design: DESIGN.md §1, §8, §11
 */
export class EmbeddedLedger {
  readonly #options: Required<EmbeddedLedgerOptions>;
  readonly #dir: string;
  #child: ChildProcess | undefined;
  #front: Server | undefined;
  #relay: { close(): void } | undefined;
  #port = 0;
  #sequencer: Sequencer | undefined;
  #archive: LedgerArchive | undefined;
  #producer: BlockProducer | undefined;
  #checkpointTimer: NodeJS.Timeout | undefined;
  #archiveTimer: NodeJS.Timeout | undefined;
  #memoryWatch: { stop(): void } | undefined;
  #slowStallTold = false;
  #stopping = false;
  #failures = 0;
  #startedAt = 0;
  #restartTimer: NodeJS.Timeout | undefined;
  readonly #onProcessExit = () => this.#child?.kill('SIGKILL');

  constructor(options: EmbeddedLedgerOptions) {
    this.#options = {
      port: 0,
      historyStates: 0,
      memoryBudgetMiB: Number.POSITIVE_INFINITY,
      checkpointCheckMs: 2_000,
      startTimeoutMs: 30_000,
      slowStallMs: SLOW_STALL_MS,
      maxBlockTransactions: MAX_BLOCK_TRANSACTIONS,
      ...options,
    };
    this.#dir = join(options.dataDir, 'ledger');
  }

  /** JSON-RPC URL of the ledger (its journaling front). */
  get url(): string {
    if (this.#port === 0) throw new EmbeddedLedgerError('The embedded ledger has not started');
    return `http://127.0.0.1:${this.#port}`;
  }

  /**
   * The node's way to this ledger in its own process: bodies are answered as the front answers
   * them, with no HTTP hop to the journal. anvil answers nothing while it mines a block or dumps
   * a checkpoint (measured: a read waited out a 0.3 s dump and a 0.7 s block at 400,000 storage
   * slots), so a call's deadline moves on by the time spent in them while it waits; and a call
   * past it waits on while anvil still answers others (overloaded, not hung).
   */
  readonly transport: LedgerTransport = {
    send: (body) => this.#handle(body) ?? Promise.resolve(unavailable('is starting')),
    stalledMs: () => this.#stalls.stalledMs(),
    silentMs: () => {
      const anvil = this.#anvilUrl;
      return anvil === undefined ? Number.POSITIVE_INFINITY : silenceOf(anvil);
    },
  };
  /** Blocks and state dumps, across anvil restarts. */
  readonly #stalls = createStallClock();

  /** Pid of the current anvil process, if one runs. */
  get pid(): number | undefined {
    return this.#child?.exitCode === null ? this.#child.pid : undefined;
  }

  /**
   * Starts anvil, rebuilds the chain from the checkpoint and the journal, and opens the front.
   * @throws {EmbeddedLedgerError} when the data dir is in use by another node, a state file is
   *   damaged beyond what the journal covers, or anvil fails.
   */
  async start(): Promise<void> {
    mkdirSync(this.#dir, { recursive: true });
    this.#lockDataDir();
    await this.#reapOrphan();
    this.#stopping = false;
    this.#archive = await openLedgerArchive(join(this.#dir, 'archive'));
    // Started again, the front takes its old port: the URL other nodes were given stays valid.
    this.#front = await this.#listen((body) => this.#handle(body));
    process.on('exit', this.#onProcessExit);
    this.#port = (this.#front.address() as AddressInfo).port;
    writeFileAtomic(join(this.#dir, FRONT_PORT_FILE), `${this.#port}\n`, { mode: 0o600 });
    this.#relay = attachHeadsRelay(this.#front, () =>
      this.#anvilPort === 0 ? undefined : `ws://127.0.0.1:${this.#anvilPort}`,
    );
    await this.#spawn();
    this.#producer = createBlockProducer({
      intervalMs: () =>
        blockWaitMs(this.#options.blockTime * 1000, this.#sequencer?.steadyMineMs ?? 0),
      isFull: () => this.#sequencer?.isFull ?? false,
      trailingBlocks: TRAILING_BLOCKS,
      trailingMs: TRAILING_MS,
      mine: async () => {
        const sequencer = this.#sequencer;
        if (!sequencer) return;
        await sequencer.mine();
        this.#noteStall('block', sequencer.progress.mineMs);
      },
      onError: (error) =>
        this.#options.logger.warn(
          { err: error },
          error instanceof BlockNotArchivedError
            ? 'block mined, not archived yet'
            : 'block not mined',
        ),
    });
    this.#checkpointTimer = setInterval(() => {
      const sequencer = this.#sequencer;
      if (sequencer && isCheckpointDue(sequencer.progress)) void this.#checkpoint();
    }, this.#options.checkpointCheckMs);
    const budgetMiB = this.#options.memoryBudgetMiB;
    this.#memoryWatch = watchMemory({
      pid: () => this.pid,
      budgetMiB,
      onOver: (rssMiB) =>
        this.#options.logger.warn(
          { rssMiB: Math.round(rssMiB), budgetMiB },
          'the embedded ledger uses more memory than its budget (CORE_LEDGER_MEMORY_BUDGET): docs/operators.md "Limits" says when to move to Besu',
        ),
    });
    // The archive holds what it took in memory until flushed: a crash loses at most this much,
    // which the journal mines again.
    this.#archiveTimer = setInterval(() => {
      this.#archive?.flush().catch((error: unknown) => {
        this.#options.logger.warn({ err: error }, 'ledger archive not written; trying again');
      });
    }, ARCHIVE_FLUSH_MS);
    // Replayed transactions still in the pool want a block.
    this.#producer.noteWork();
  }

  /** Writes a checkpoint where one is worth it, stops anvil and closes the front. */
  async stop(): Promise<void> {
    const started = performance.now();
    this.#stopping = true;
    clearTimeout(this.#restartTimer);
    clearInterval(this.#checkpointTimer);
    clearInterval(this.#archiveTimer);
    this.#memoryWatch?.stop();
    this.#producer?.stop();
    if (this.pid !== undefined) await this.#checkpointAtStop();
    await this.#sequencer?.close();
    const child = this.#child;
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await terminate(child.pid, 15_000);
      await exited;
    }
    this.#relay?.close();
    await this.#archive?.close();
    this.#archive = undefined;
    const front = this.#front;
    if (front) {
      const closed = new Promise((resolve) => front.close(resolve));
      front.closeAllConnections();
      await closed;
    }
    process.off('exit', this.#onProcessExit);
    removePidFile(join(this.#dir, 'anvil.pid'));
    removePidFile(join(this.#dir, 'supervisor.pid'));
    rmSync(join(this.#dir, RPC_URL_FILE), { force: true });
    this.#options.logger.info(
      { ms: Math.round(performance.now() - started) },
      'embedded ledger stopped',
    );
  }

  /** The configured port; else the last one, unless another process took it meanwhile. */
  async #listen(handle: FrontHandler): Promise<Server> {
    const configured = this.#port || this.#options.port;
    if (configured !== 0) {
      return startLedgerFront(configured, handle).catch((cause: unknown) => {
        throw new EmbeddedLedgerError(
          `The embedded ledger cannot listen on 127.0.0.1:${configured} (CORE_LEDGER_PORT): ${(cause as Error).message}`,
          { cause },
        );
      });
    }
    const remembered = readPort(join(this.#dir, FRONT_PORT_FILE));
    if (remembered === undefined) return startLedgerFront(0, handle);
    return startLedgerFront(remembered, handle).catch((error: unknown) => {
      this.#options.logger.warn(
        { port: remembered, err: error },
        'the embedded ledger port of the last start is taken: listening on another; set CORE_LEDGER_PORT to keep one',
      );
      return startLedgerFront(0, handle);
    });
  }

  #handle(body: string): Promise<FrontAnswer> | undefined {
    const sequencer = this.#sequencer;
    const anvil = this.#anvilUrl;
    if (!sequencer || !anvil) return undefined;
    const request = classifyFrontRequest(body);
    if (request.kind === 'refused') return Promise.resolve(refused(request.method));
    if (request.kind === 'read') {
      return answerReads(body, request.parsed, {
        archive: this.#archive as LedgerArchive,
        head: () => sequencer.head,
        forward: (reads) => readFromAnvil(anvil, reads),
        revertReason: (hash) => revertReasonOf(anvil, hash),
      });
    }
    // The sequencer says when its transactions reach the pool (onPooled): a block is wanted then.
    return sequencer.submit(body, request);
  }

  async #checkpoint(): Promise<void> {
    const started = performance.now();
    try {
      const saved = await this.#sequencer?.checkpoint();
      const ms = Math.round(performance.now() - started);
      if (saved) {
        this.#options.logger.info({ ...saved, ms }, 'ledger checkpoint written');
        this.#noteStall('checkpoint', saved.dumpMs);
      }
    } catch (error) {
      this.#options.logger.warn({ err: error }, 'ledger checkpoint not written');
    }
  }

  /** A checkpoint before stopping, unless replaying the journal at the next start costs less. */
  async #checkpointAtStop(): Promise<void> {
    const progress = this.#sequencer?.progress;
    if (!progress || progress.blocks === 0) return;
    if (isCheckpointDueAtStop(progress)) return this.#checkpoint();
    this.#options.logger.info(
      { blocks: progress.blocks, replayMs: Math.round(progress.replayMs), dumpMs: progress.dumpMs },
      'ledger checkpoint left to the next start: replaying the journal costs it less than a dump costs this stop',
    );
  }

  /** Tells the operator, once, of the first block or checkpoint that held anvil too long. */
  #noteStall(cause: 'block' | 'checkpoint', ms: number): void {
    if (this.#slowStallTold || ms < this.#options.slowStallMs) return;
    this.#slowStallTold = true;
    this.#options.logger.warn(
      { cause, ms: Math.round(ms) },
      `the embedded ledger answered nothing for ${Math.round(ms)} ms while it ${cause === 'block' ? 'made a block' : 'dumped a checkpoint'}; this grows with the registries: docs/operators.md "Limits" says when to move to Besu`,
    );
  }

  #anvilPort = 0;
  get #anvilUrl(): string | undefined {
    return this.#anvilPort === 0 ? undefined : `http://127.0.0.1:${this.#anvilPort}`;
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

  /** An anvil left behind by a node that died hard would hold memory and a port. */
  async #reapOrphan(): Promise<void> {
    const pid = readPidFile(join(this.#dir, 'anvil.pid'));
    if (pid === undefined || !isAlive(pid)) return;
    if (!readCommandLine(pid)?.includes('--no-mining')) return;
    this.#options.logger.warn({ pid }, 'stopping an orphaned embedded ledger');
    await terminate(pid, 15_000);
  }

  async #spawn(): Promise<void> {
    const { chainId, blockTime, logger, startTimeoutMs } = this.#options;
    // How long each step of the start took, in the ready log: where a slow start at scale goes.
    const startMs: Record<string, number> = {};
    let stepStarted = performance.now();
    const stepDone = (step: string) => {
      startMs[step] = Math.round(performance.now() - stepStarted);
      stepStarted = performance.now();
    };
    const args = toAnvilArgs({ port: 0, chainId, historyStates: this.#options.historyStates });
    const { child, port } = await spawnAnvil(args, logger, startTimeoutMs);
    this.#child = child;
    if (child.pid !== undefined) writePidFile(join(this.#dir, 'anvil.pid'), child.pid);
    this.#startedAt = Date.now();
    child.once('exit', (code, signal) => this.#onExit(child, code, signal));
    const anvilUrl = `http://127.0.0.1:${port}`;
    await assertChainId(anvilUrl, chainId);
    stepDone('spawn');
    // What `--load-state` does at start, from a gzipped checkpoint too (the flag reads JSON only),
    // checking the file as it goes. Timed as a stall, as the replayed blocks are: a new process has
    // no block of its own yet to tell a busy anvil (seconds a block at 100,000 DIDs) from a hung one.
    const checkpoint = await loadNewestCheckpoint(
      this.#dir,
      (bytes) => this.#stalls.around(() => loadState(anvilUrl, bytes), { whole: true }),
      logger,
    );
    stepDone('load');
    // The archive follows the checkpoint's chain; the journal's blocks are archived as replayed,
    // or kept where the archive holds them already.
    const archive = this.#archive as LedgerArchive;
    const loaded = (await getHead(anvilUrl)).block;
    const setAside = await catchUpArchive(anvilUrl, archive, loaded, logger);
    stepDone('archive');
    const replay = await replayJournal(this.#dir, anvilUrl, logger, {
      onBlock: (block) => archiveReplayed(anvilUrl, archive, block, logger),
      stalls: this.#stalls,
    });
    stepDone('replay');
    await settleSetAside(archive, logger, setAside, replay.head.block);
    this.#sequencer = await createSequencer({
      archive,
      dir: this.#dir,
      anvilUrl,
      head: replay.head,
      pending: replay.pending,
      checkpoint: {
        block: loaded,
        stateBytes: checkpoint ? await checkpointStateBytes(checkpoint) : 0,
      },
      mineMs: replay.mineMs,
      replayMs: replay.spentMs.send + replay.spentMs.mine + replay.spentMs.archive,
      stalls: this.#stalls,
      maxBlockTransactions: this.#options.maxBlockTransactions,
      onPooled: (full) => (full ? this.#producer?.noteFull() : this.#producer?.noteWork()),
    });
    // A new chain's genesis block carries anvil's start time: the journal replays onto it. The
    // blocks replayed count toward the next checkpoint like any others (checkpointPolicy.ts): one
    // written here would hold the start for a whole dump, longer than the replay at scale.
    if (!checkpoint) await this.#sequencer.checkpoint(true);
    stepDone('journal');
    this.#anvilPort = port;
    // Operator tools on this machine (`core-registry admin deploy-instance`) find the ledger here;
    // it listens on 127.0.0.1 only and is never served to clients.
    writeFileAtomic(join(this.#dir, RPC_URL_FILE), `${this.url}\n`, { mode: 0o600 });
    logger.info(
      {
        url: this.url,
        chainId,
        blockTime,
        head: replay.head.block,
        replayed: replay.replayed,
        startMs,
        replayMs: replay.spentMs,
      },
      'embedded ledger ready',
    );
  }

  #onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    const url = child === this.#child ? this.#anvilUrl : undefined;
    if (url) forgetAnvil(url);
    if (this.#stopping || child !== this.#child) return;
    this.#anvilPort = 0;
    const sequencer = this.#sequencer;
    this.#sequencer = undefined;
    if (Date.now() - this.#startedAt > STABLE_UPTIME_MS) this.#failures = 0;
    const delay = Math.min(500 * 2 ** this.#failures, MAX_RESTART_DELAY_MS);
    this.#failures += 1;
    this.#options.logger.error({ code, signal, restartInMs: delay }, 'embedded ledger exited');
    this.#scheduleRestart(
      delay,
      sequencer?.close().catch(() => undefined),
    );
  }

  #scheduleRestart(delay: number, closed?: Promise<unknown>): void {
    this.#restartTimer = setTimeout(async () => {
      await closed;
      if (this.#stopping) return;
      this.#spawn().then(
        () => this.#producer?.noteWork(),
        (error: unknown) => {
          this.#options.logger.error({ err: error }, 'embedded ledger failed to restart');
          this.#child?.kill('SIGKILL');
          this.#failures += 1;
          this.#scheduleRestart(Math.min(500 * 2 ** this.#failures, MAX_RESTART_DELAY_MS));
        },
      );
    }, delay);
  }
}

/** A port recorded in `path`, or `undefined` when there is none or it is unreadable. */
function readPort(path: string): number | undefined {
  const port = readPidFile(path);
  return port !== undefined && port <= 65535 ? port : undefined;
}

/** Times a read is sent again when anvil answered that the state it looked up is gone. */
const STATE_GONE_RETRIES = 2;

/**
 * anvil keeps the head's state only (anvilArgs.ts), and looks a block up before it reads its
 * state: a read of `latest` that meets a new block can fail with `BlockOutOfRangeError`. Sent
 * again, it reads the new head. A read of a block that is really gone fails the same way again.
 */
async function readFromAnvil(anvilUrl: string, body: string): Promise<FrontAnswer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await postToAnvil(anvilUrl, body);
    if (attempt === STATE_GONE_RETRIES || !answer.body.includes('BlockOutOfRangeError')) {
      return answer;
    }
  }
}
