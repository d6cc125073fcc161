import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Agent } from 'undici';
import { decodeFunctionResult, encodeFunctionData, type Hex, toHex } from 'viem';
import { type CoreClient, createCoreClient } from '../src/client/createCoreClient.js';
import { signCredential } from '../src/client/credentials.js';
import { getDidHistory } from '../src/client/getDidHistory.js';
import { requestToken } from '../src/client/requestToken.js';
import { createDidCoreSigner, type WalletSigner } from '../src/client/signers.js';
import { signWrites } from '../src/client/signWrites.js';
import { readEnvironment } from '../src/genesis/environment.js';
import { readOperator } from '../src/genesis/operator.js';
import { listCheckpoints } from '../src/ledger/embedded/checkpoints.js';
import { residentFileMiB, residentMiB } from '../src/ledger/embedded/memoryWatch.js';
import { readPidFile } from '../src/ledger/embedded/processFiles.js';
import { deviceBytesWritten, percentiles, waitForIdleLedger } from './measure.js';
import { measureReads } from './scale.js';

/**
 * A pilot as it grows, on the product's defaults: one node started as `npm start` starts it
 * (embedded ledger, a data directory of its own; only the per-client rate limit is off, the
 * load being one client), DIDs onboarded through the node as `wallet register` does (an
 * onboarding credential from the operator, an invite token, `insertDidDocument` signed by the
 * DID's own key), and as many timestamps (commit, then reveal once matured) written by a few
 * holders through the node. At each size it reports what the operator pays.
 */
export type PilotOptions = {
  /** Data directory and API port of the node. */
  dataDir: string;
  port: number;
  /** Path of the CLI entry point (`dist/src/cli/main.js`). */
  cli: string;
  /** Told each line of progress. */
  log?: (line: string) => void;
  /** Settings of the node beyond the product's defaults (tests make blocks faster). */
  env?: Record<string, string>;
};

/** What the operator pays at one size. */
export type PilotStep = {
  dids: number;
  timestamps: number;
  writes: number;
  anvilMiB: number;
  nodeMiB: number;
  /** Of `nodeMiB`, mapped files (the archive's lmdb pages): page cache, reclaimable. */
  nodeFileMiB: number;
  /**
   * Bytes node and anvil together caused to be written since the start, per write
   * (`/proc/<pid>/io` `write_bytes`, the issue's measure; see {@link deviceBytesWritten}).
   */
  bytesPerWrite: number;
  /**
   * Bytes that reached the data directory's disk since the start, per write; undefined where
   * there is no block device to read.
   */
  deviceBytesPerWrite: number | undefined;
  checkpointMiB: number;
  checkpointMs: number | undefined;
  /** Checkpoints written since the run began (each stalls anvil while it dumps its state). */
  checkpointsWritten: number;
  /** Median ms of a DID document read through the node, each DID read once (uncached). */
  didReadMs: number;
  /** Median ms of a DID list page of 10 through the node, each page read once. */
  listPageMs: number;
  /**
   * The same views called on the ledger directly (`eth_call` at its head), median ms: what of
   * the reads' growth is the ledger's.
   */
  didLedgerMs: number;
  listLedgerMs: number;
  /**
   * DID reads made one after another while the timestamps were written (a relying party reading
   * during activity): median and 99th percentile, ms. Blocks and checkpoints hold reads back.
   */
  busyReadMs: { p50: number; p99: number } | undefined;
  /** `getDidHistory` of the first DID: its changes (≥ 1: logs from its block are served), time. */
  firstDidChanges: number;
  firstDidHistoryMs: number;
  restartMs: number;
  /**
   * After DIDs were onboarded right before the kill, so that the start replays their blocks from
   * the journal, as after a crash in use; the DIDs are read back after it.
   */
  killRestartMs: number;
  /** Blocks the start after the kill replayed from the journal. */
  killReplayedBlocks: number | undefined;
  seedSeconds: number;
};

const CONCURRENCY = 32;
const TIMESTAMP_HOLDERS = 16;
const TIMESTAMPS_PER_ROUND = 400;
/** `eth_call`s per batch: the node allows 250,000,000 gas per batch, each call gets 1,000,000. */
const CALLS_PER_BATCH = 200;
const MATURITY = 5;
/** DIDs onboarded right before the kill -9: a few blocks for the start to replay. */
const KILL_BURST = 64;
/** How long a batch of writes may take to be mined before the run gives up, naming one. */
const RECEIPT_TIMEOUT_MS = 600_000;
/**
 * How long the client keeps an idle connection. By default it keeps one until 2 s before the
 * node's `Keep-Alive: timeout=72`; at 100,000 DIDs a round idles sockets that long while the
 * bench's own signing holds its event loop, and a request then went out on a socket the node had
 * just closed (`other side closed`). Far below the node's timeout, that cannot happen.
 */
const CLIENT_KEEP_ALIVE_MS = 5_000;

export type Pilot = {
  readonly client: CoreClient;
  readonly dids: readonly string[];
  /** Grows the registry to `dids` DIDs and as many timestamps, then measures. */
  growTo(dids: number): Promise<PilotStep>;
  stop(): Promise<void>;
};

export async function startPilot(options: PilotOptions): Promise<Pilot> {
  const { dataDir, port, cli, log = () => {}, env = {} } = options;
  // The node's default public URL, which tokens name as their audience.
  const url = `http://localhost:${port}`;
  const connections = new Agent({
    keepAliveTimeout: CLIENT_KEEP_ALIVE_MS,
    keepAliveMaxTimeout: CLIENT_KEEP_ALIVE_MS,
  });
  const http: typeof fetch = (input, init) =>
    // Node's fetch is undici's; its types name the bundled undici's Dispatcher, not this one.
    fetch(input, { ...init, dispatcher: connections } as unknown as RequestInit);
  const client = createCoreClient({ baseUrl: url, fetch: http });
  const deviceAtStart = await deviceBytesWritten(dataDir);
  let node = await serve(cli, dataDir, port, env);
  const written = { bytes: 0 };
  const dids: string[] = [];
  let timestamps = 0;
  const holders: { signer: WalletSigner; token: string; nonce: number }[] = [];

  await promisify(execFile)(process.execPath, [
    cli,
    'admin',
    'hash-algorithm',
    'sha-256',
    '--node',
    url,
    '--operator-key',
    join(dataDir, 'operator.json'),
  ]).catch((error: unknown) => {
    node.kill('SIGTERM');
    throw error;
  });
  const operator = await readOperator(join(dataDir, 'operator.json'));
  const algorithmId = await findSha256(client).catch((error: unknown) => {
    node.kill('SIGTERM');
    throw error;
  });

  async function onboard(count: number): Promise<void> {
    let next = 0;
    const sent: Hex[] = [];
    const worker = async () => {
      while (next < count) {
        next++;
        const holder = await createDidCoreSigner();
        const credential = await signCredential({
          issuer: operator,
          subject: holder.did,
          type: 'VerifiableAuthorisationToOnboard',
        });
        const { accessToken } = await requestToken({
          baseUrl: url,
          fetch: http,
          scope: 'openid did-registry:invite',
          holder,
          credential,
          jwk: holder.publicJwk,
        });
        const now = BigInt(Math.floor(Date.now() / 1000));
        const { transactions } = await signWrites(client, {
          account: holder.account as NonNullable<WalletSigner['account']>,
          nonce: 0,
          calls: [
            {
              registry: 'did-registry',
              functionName: 'insertDidDocument',
              args: [
                holder.did,
                JSON.stringify({ '@context': ['https://www.w3.org/ns/did/v1'] }),
                holder.vMethodId,
                holder.account?.publicKey,
                true,
                now,
                now + 10n * 365n * 86_400n,
              ],
            },
          ],
        });
        sent.push(await client.rpc<Hex>('eth_sendRawTransaction', transactions, accessToken));
        dids.push(holder.did);
        if (registered.length < TIMESTAMP_HOLDERS) registered.push(holder);
      }
    };
    const registered: WalletSigner[] = [];
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await allSucceeded(client, sent);
    // Registered now: the first DIDs also write the timestamps.
    for (const holder of registered.splice(0, TIMESTAMP_HOLDERS - holders.length))
      holders.push(await timestampHolder(holder));
  }

  async function timestampHolder(signer: WalletSigner) {
    const { accessToken } = await requestToken({
      baseUrl: url,
      fetch: http,
      scope: 'openid timestamp:write',
      holder: signer,
    });
    // Nonce 0 registered the DID.
    return { signer, token: accessToken, nonce: 1 };
  }

  /** A round: each holder commits to a batch of hashes, waits for maturity, reveals them all. */
  async function timestampRound(count: number): Promise<void> {
    const perHolder = Math.ceil(count / holders.length);
    let left = count;
    await Promise.all(
      holders.map(async (holder) => {
        const batch = Math.min(perHolder, left);
        left -= batch;
        if (batch <= 0) return;
        const account = holder.signer.account as NonNullable<WalletSigner['account']>;
        const reveals = Array.from(
          { length: batch },
          (): Reveal => ({
            args: [[algorithmId], [toHex(randomBytes(32))], ['0x'], toHex(randomBytes(32))],
          }),
        );
        const commitments = await computeCommitments(client, account.address, reveals);
        const commits = await signWrites(client, {
          account,
          nonce: holder.nonce,
          calls: commitments.map((commitment) => ({
            registry: 'timestamp',
            functionName: 'commitTimestampHashes',
            args: [commitment],
          })),
        });
        const commitHashes = await sendBatch(client, commits.transactions, holder.token);
        const mined = await allSucceeded(client, commitHashes);
        while (Number(await client.rpc<Hex>('eth_blockNumber', [])) < mined + MATURITY)
          await sleep(200);
        const revealed = await signWrites(client, {
          account,
          nonce: holder.nonce + batch,
          calls: reveals.map(({ args }) => ({
            registry: 'timestamp',
            functionName: 'timestampHashes',
            args,
          })),
        });
        holder.nonce += 2 * batch;
        await allSucceeded(client, await sendBatch(client, revealed.transactions, holder.token));
      }),
    );
    timestamps += count;
  }

  const pids = () => ({ node: node.pid, anvil: readPidFile(join(dataDir, 'ledger', 'anvil.pid')) });
  const bytesWritten = () => writeBytes(pids().node) + writeBytes(pids().anvil);

  return {
    client,
    dids,
    async growTo(target) {
      const started = performance.now();
      if (target > dids.length) {
        log(`onboarding ${target - dids.length} DIDs`);
        await onboard(target - dids.length);
      }
      const busyReads = readWhile(client, dids);
      while (timestamps < target) {
        await timestampRound(Math.min(TIMESTAMPS_PER_ROUND * holders.length, target - timestamps));
        log(`${timestamps} timestamps`);
      }
      const busyReadMs = await busyReads.stop();
      const seedSeconds = (performance.now() - started) / 1000;
      log('waiting for the ledger to go idle');
      await waitForIdleLedger(client, (head) => quietAfter(client, head));
      const size = dids.length;
      const writes = size + 2 * timestamps + holders.length;
      const { node: nodePid, anvil: anvilPid } = pids();
      const memory = {
        anvilMiB: residentMiB(anvilPid) ?? Number.NaN,
        nodeMiB: residentMiB(nodePid) ?? Number.NaN,
        nodeFileMiB: residentFileMiB(nodePid) ?? Number.NaN,
      };
      const bytes = written.bytes + bytesWritten();
      const device = await deviceBytesWritten(dataDir);
      const deviceBytesPerWrite =
        device === undefined || deviceAtStart === undefined
          ? undefined
          : (device - deviceAtStart) / writes;
      const environment = readEnvironment(join(dataDir, 'environment.json'));
      if (!environment) throw new Error(`no environment.json in ${dataDir}`);
      const reads = await measureReads(
        {
          nodeUrl: `http://127.0.0.1:${port}`,
          ledgerUrl: readFileSync(join(dataDir, 'ledger', 'rpc-url'), 'utf8').trim(),
          registry: environment.registries['did-registry'],
        },
        dids,
        dids.length,
      );
      const historyStarted = performance.now();
      const history = await getDidHistory(client, { did: dids[0] as string });
      const firstDidHistoryMs = performance.now() - historyStarted;
      written.bytes += bytesWritten();
      log('restarting the node (SIGTERM)');
      const restarted = performance.now();
      node.kill('SIGTERM');
      await new Promise((resolve) => node.once('exit', resolve));
      node = await serve(cli, dataDir, port, env);
      const restartMs = performance.now() - restarted;
      log(
        `onboarding ${KILL_BURST} DIDs, then kill -9 of node and ledger right after their receipts`,
      );
      await onboard(KILL_BURST);
      written.bytes += bytesWritten();
      const anvil = pids().anvil;
      const killed = performance.now();
      starts.replayed = undefined;
      node.kill('SIGKILL');
      if (anvil !== undefined) process.kill(anvil, 'SIGKILL');
      await new Promise((resolve) => node.once('exit', resolve));
      node = await serve(cli, dataDir, port, env);
      const killRestartMs = performance.now() - killed;
      const killReplayedBlocks = starts.replayed;
      // Acknowledged before the kill, so kept: the newest DIDs resolve.
      for (const did of dids.slice(-KILL_BURST))
        await client.get(`/v1/did-registry/identifiers/${did}`);
      const checkpoint = newestCheckpoint(join(dataDir, 'ledger'));
      return {
        dids: size,
        timestamps,
        writes,
        ...memory,
        bytesPerWrite: bytes / writes,
        deviceBytesPerWrite,
        checkpointMiB: checkpoint / 2 ** 20,
        checkpointMs: checkpoints.ms,
        checkpointsWritten: checkpoints.count,
        didReadMs: reads.did.p50,
        listPageMs: reads.list.p50,
        didLedgerMs: reads.didLedger.p50,
        listLedgerMs: reads.listLedger.p50,
        busyReadMs,
        firstDidChanges: history.length,
        firstDidHistoryMs,
        restartMs,
        killRestartMs,
        killReplayedBlocks,
        seedSeconds,
      };
    },
    async stop() {
      await connections.destroy();
      if (node.exitCode !== null || node.signalCode !== null) return;
      const exited = new Promise((resolve) => node.once('exit', resolve));
      node.kill('SIGTERM');
      // A node that does not stop in time is killed, with its ledger.
      const timer = setTimeout(() => {
        node.kill('SIGKILL');
        const anvil = pids().anvil;
        if (anvil !== undefined) process.kill(anvil, 'SIGKILL');
      }, 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A reveal's arguments: hash algorithm ids, hashes, timestamp data, salt. */
type Reveal = { args: [bigint[], Hex[], Hex[], Hex] };

/** How long the newest checkpoint took, and how many were written: the node's log (any of its processes). */
const checkpoints: { ms: number | undefined; count: number } = { ms: undefined, count: 0 };

/** Blocks the embedded ledger's last start replayed from its journal: its log. */
const starts: { replayed: number | undefined } = { replayed: undefined };

/** Where every line the node logs goes too (`BENCH_PILOT_LOG`): a run's timeline, to read after it. */
const LOG_FILE = process.env.BENCH_PILOT_LOG;

/** `core-registry serve` on the data directory, once `/ready` answers 200. */
async function serve(
  cli: string,
  dataDir: string,
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [cli, 'serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CORE_DATA_DIR: dataDir,
      CORE_LOG_LEVEL: 'info',
      CORE_RATE_LIMIT: '0',
      ...env,
    },
  });
  // The pilot stops its nodes itself (SIGTERM: exit code 0; SIGKILL); any other end is news.
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGKILL') {
      process.stderr.write(`node: pid ${child.pid} exited (${signal ?? `code ${code}`})\n`);
    }
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (LOG_FILE) appendFileSync(LOG_FILE, `${line}\n`);
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      ms?: number;
      replayed?: number;
    };
    if (entry.msg === 'embedded ledger ready') starts.replayed = entry.replayed;
    else if (entry.msg === 'ledger checkpoint written') {
      checkpoints.ms = entry.ms;
      checkpoints.count += 1;
    }
    // Warnings and errors of the node are the run's too.
    else if ((entry.level ?? 0) >= 40) process.stderr.write(`node: ${line}\n`);
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the node exited (${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    if (Date.now() > deadline) throw new Error('the node was not ready in 300 s');
    await sleep(50);
  }
}

async function findSha256(client: CoreClient): Promise<bigint> {
  const page = await client.get<{ items: { href: string }[] }>(
    '/v1/timestamp/hash-algorithms?page[size]=50',
  );
  for (const { href } of page.items) {
    const algorithm = await client.get<{ hashAlgorithmId: string; ianaName: string }>(href);
    if (algorithm.ianaName === 'sha-256') return BigInt(algorithm.hashAlgorithmId);
  }
  throw new Error('sha-256 is not among the hash algorithms');
}

async function computeCommitments(
  client: CoreClient,
  sender: Hex,
  reveals: Reveal[],
): Promise<Hex[]> {
  const { abi, contractAddress } = await client.abi('timestamp');
  const compute = abi.find(
    (item) =>
      item.type === 'function' &&
      item.name === 'computeTimestampCommitment' &&
      item.inputs.length === 5,
  );
  if (!compute) throw new Error('no computeTimestampCommitment(sender, ids, hashes, data, salt)');
  const commitments: Hex[] = [];
  for (let first = 0; first < reveals.length; first += CALLS_PER_BATCH) {
    const results = await client.rpcBatch<Hex>(
      reveals.slice(first, first + CALLS_PER_BATCH).map(({ args }) => ({
        method: 'eth_call',
        params: [
          {
            to: contractAddress,
            data: encodeFunctionData({ abi: [compute], args: [sender, ...args] } as never),
            // A pure view: a small gas limit keeps the batch within the node's gas per batch.
            gas: '0xf4240',
          },
          'latest',
        ],
      })),
    );
    for (const outcome of results) {
      if (outcome.status !== 'success') throw outcome.error;
      commitments.push(
        decodeFunctionResult({ abi: [compute], data: outcome.result } as never) as Hex,
      );
    }
  }
  return commitments;
}

async function sendBatch(client: CoreClient, raws: Hex[], token: string): Promise<Hex[]> {
  const results = await client.rpcBatch<Hex>(
    raws.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })),
    token,
  );
  return results.map((outcome) => {
    if (outcome.status !== 'success') throw outcome.error;
    return outcome.result;
  });
}

/** Waits for every receipt; throws on a failed one. Returns the highest block they are in. */
async function allSucceeded(client: CoreClient, hashes: readonly Hex[]): Promise<number> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  let highest = 0;
  for (let first = 0; first < hashes.length; first += 500) {
    let pending = hashes.slice(first, first + 500);
    while (pending.length > 0) {
      const receipts = await client.rpcBatch<{ status: Hex; blockNumber: Hex } | null>(
        pending.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
      );
      const next: Hex[] = [];
      receipts.forEach((outcome, i) => {
        const receipt = outcome.status === 'success' ? outcome.result : null;
        if (!receipt) next.push(pending[i] as Hex);
        else if (receipt.status !== '0x1') throw new Error(`${pending[i]} reverted`);
        else highest = Math.max(highest, Number(receipt.blockNumber));
      });
      pending = next;
      if (pending.length > 0 && Date.now() > deadline)
        throw new Error(`${pending.length} transactions not mined in time, e.g. ${pending[0]}`);
      if (pending.length > 0) await sleep(200);
    }
  }
  return highest;
}

/** Reads random DIDs of `dids`, one at a time, until stopped; then their p50 and p99, ms. */
function readWhile(client: CoreClient, dids: readonly string[]) {
  const times: number[] = [];
  let stopped = false;
  const reading = (async () => {
    while (!stopped && dids.length > 0) {
      const did = dids[Math.floor(Math.random() * dids.length)] as string;
      const started = performance.now();
      await client.get(`/v1/did-registry/identifiers/${did}`);
      times.push(performance.now() - started);
    }
  })();
  // A failed read ends the reads; `stop` reports it, and the pilot stops its node.
  reading.catch(() => undefined);
  return {
    async stop(): Promise<{ p50: number; p99: number } | undefined> {
      stopped = true;
      await reading;
      return times.length === 0 ? undefined : percentiles(times);
    },
  };
}

/**
 * How long the pilot waits for a new block before it takes the chain as idle: twice the spacing
 * of the last two blocks, and at least 5 s. At scale the embedded ledger spaces blocks by twice
 * their making (blockWaitMs), 15 s and more at 100,000 DIDs, and the trailing blocks after the
 * last write come that far apart.
 */
async function quietAfter(client: CoreClient, head: string): Promise<number> {
  const timestampOf = async (number: number) =>
    Number(
      (await client.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', [toHex(number), false]))
        .timestamp,
    );
  const number = Number(head);
  const spacingMs =
    ((await timestampOf(number)) - (await timestampOf(Math.max(0, number - 1)))) * 1000;
  return Math.min(Math.max(5_000, 2 * spacingMs + 1_000), 65_000);
}

function newestCheckpoint(dir: string): number {
  const newest = listCheckpoints(dir).at(-1);
  return newest ? statSync(newest.path).size : 0;
}

/** Bytes a process has caused to be written to storage (`/proc/<pid>/io` `write_bytes`). */
function writeBytes(pid: number | undefined): number {
  try {
    return Number(/write_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
