import { type ChildProcess, execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { cpuSeconds } from './plainAnvil.js';

/**
 * Starts an API node with `dataDir`: on `ledgerUrl`, or on an embedded ledger of its own
 * (genesis on first start, its front on `ledgerPort`) when it is undefined; resolves with its URL
 * once ready.
 */
export type StartNode = (
  ledgerUrl: string | undefined,
  dataDir: string,
  ledgerPort?: number,
  env?: Record<string, string>,
) => Promise<{ url: string; child: ChildProcess }>;

/** One line of the report. */
export type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The node's CPU time per task, in microseconds, where measured. */
  cpuMicros?: number;
};

export type MeasureOptions = {
  method?: 'GET' | 'POST';
  body?: string;
  duration: number;
  connections: number;
  /** Sequential requests timed for p50/p99 (autocannon records whole milliseconds). */
  samples?: number;
  /** A process whose CPU time per request under load is reported (`cpuMicros`). */
  cpuOf?: number | undefined;
};

/** Throughput under load (autocannon), then latency of sequential requests (microsecond clock). */
export async function measure(name: string, url: string, options: MeasureOptions): Promise<Row> {
  const { method = 'GET', body, duration, connections, samples = 2_000, cpuOf } = options;
  const load = {
    url,
    method,
    connections,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  };
  await autocannon({ ...load, duration: Math.min(2, duration) });
  const cpuBefore = await cpuSeconds(cpuOf);
  const result = await autocannon({ ...load, duration });
  const cpuMicros = (((await cpuSeconds(cpuOf)) - cpuBefore) * 1e6) / result.requests.total;
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await send(url, body === undefined ? {} : { body });
    latencies.push(performance.now() - started);
  }
  return {
    name,
    rps: result.requests.average,
    ...percentiles(latencies),
    errors: result.errors + result.non2xx,
    ...(cpuOf === undefined ? {} : { cpuMicros }),
  };
}

/** How {@link measureTasks} runs: untimed calls first, and whose CPU time to count. */
export type TaskOptions = {
  /**
   * Calls made before the timed ones, untimed: V8 optimises a path only after some thousands of
   * calls, and the HTTP rows' warm-up (2 s of load) has them; without it a row of a few hundred
   * tasks measures the compiler.
   */
  warmUp?: number;
  /** A process whose CPU time per timed call is reported (`cpuMicros`). */
  cpuOf?: number | undefined;
};

/**
 * Runs `warmUp` untimed calls of `task` (indexes 0 to warmUp - 1), then `count` timed ones (the
 * next indexes), `concurrency` in flight, and reports calls/s and the latency of each timed call
 * (for requests that cannot repeat, such as token requests with single-use nonces).
 */
export async function measureTasks(
  name: string,
  count: number,
  concurrency: number,
  task: (i: number) => Promise<boolean>,
  options: TaskOptions = {},
): Promise<Row> {
  const { warmUp = 0, cpuOf } = options;
  const run = async (from: number, to: number, onDone: (ok: boolean, ms: number) => void) => {
    let next = from;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < to) {
          const i = next++;
          const t0 = performance.now();
          onDone(await task(i), performance.now() - t0);
        }
      }),
    );
  };
  let errors = 0;
  await run(0, warmUp, (ok) => {
    if (!ok) errors++;
  });
  const latencies: number[] = [];
  const cpuBefore = await cpuSeconds(cpuOf);
  const started = performance.now();
  await run(warmUp, warmUp + count, (ok, ms) => {
    if (!ok) errors++;
    latencies.push(ms);
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuMicros = (((await cpuSeconds(cpuOf)) - cpuBefore) / count) * 1e6;
  return {
    name,
    rps: count / seconds,
    ...percentiles(latencies),
    errors,
    ...(cpuOf === undefined ? {} : { cpuMicros }),
  };
}

/** Keep-alive connections of the task rows' client, by origin. */
const pools = new Map<string, Pool>();

/**
 * One HTTP request from the bench's own client: undici's `request` on a keep-alive pool per
 * origin. `fetch` costs this 2-core machine about 1.5 ms of CPU a request, taken from the node
 * and anvil it is measuring.
 */
export async function send(
  url: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  let pool = pools.get(target.origin);
  if (!pool) {
    pool = new Pool(target.origin, { connections: 32 });
    pools.set(target.origin, pool);
  }
  const { body, headers = {} } = options;
  const response = await pool.request({
    method: body === undefined ? 'GET' : 'POST',
    path: `${target.pathname}${target.search}`,
    ...(body === undefined
      ? { headers }
      : { body, headers: { 'content-type': 'application/json', ...headers } }),
  });
  return { status: response.statusCode, text: await response.body.text() };
}

/** Closes the task rows' connections (a stopped node's would otherwise keep the bench alive). */
export async function closeSends(): Promise<void> {
  await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  pools.clear();
}

/** Latencies measured one at a time by `sample`, reported as p50/p99 (throughput not measured). */
export async function measureSamples(
  name: string,
  count: number,
  sample: () => Promise<number>,
): Promise<Row> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) latencies.push(await sample());
  const { p50, p99 } = percentiles(latencies);
  return { name, rps: Number.NaN, p50, p99, errors: 0 };
}

/** The median and 99th percentile of `samples`. */
export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Stops a child with SIGTERM (a node then stops its embedded ledger) and waits for its exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Waits until the ledger has stopped making blocks (the embedded ledger mines a few after the
 * last write): the head unchanged over `quietMs`, a time or one read from the head it waits on.
 */
export async function waitForIdleLedger(
  client: { rpc<T>(method: string, params: readonly unknown[]): Promise<T> },
  quietMs: number | ((head: string) => Promise<number>),
): Promise<void> {
  let last: unknown;
  for (;;) {
    const current = await client.rpc<string>('eth_blockNumber', []);
    if (current === last) return;
    last = current;
    await sleep(typeof quietMs === 'number' ? quietMs : await quietMs(current));
  }
}

/**
 * Bytes written so far to the block device that holds `path` (its `stat` in sysfs: sectors
 * written, whoever wrote them), after flushing that file system's dirty pages; undefined when
 * `path` is on no block device (tmpfs, overlay) or sysfs is not there. Machine-wide, so a bench
 * reads it with nothing else writing. It is what reached the disk: `/proc/<pid>/io` `write_bytes`
 * counts a page cache folio whole each time a write dirties it, and with large folios (ext4 on
 * Linux 6.16 and later) 4 KiB rewrites of a file first written in large writes count up to
 * 1 MiB each (lmdb's copy-on-write pages: 5–6× the bytes that reached the disk, measured).
 */
export async function deviceBytesWritten(path: string): Promise<number | undefined> {
  const { dev } = statSync(path, { bigint: true });
  const major = Number(((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn));
  const minor = Number((dev & 0xffn) | ((dev >> 12n) & ~0xffn));
  try {
    await promisify(execFile)('sync', ['--file-system', path]);
    const stat = readFileSync(`/sys/dev/block/${major}:${minor}/stat`, 'utf8');
    // Fields of Documentation/block/stat.rst: the 7th is sectors written, of 512 bytes.
    const sectors = Number(stat.trim().split(/\s+/)[6]);
    return Number.isFinite(sectors) ? sectors * 512 : undefined;
  } catch {
    return undefined;
  }
}
