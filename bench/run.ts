import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { createLedgerClient } from '../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../src/ledger/embedded/embeddedLedger.js';
import { createOperator } from '../src/ledger/genesis/operator.js';
import { runGenesis } from '../src/ledger/genesis/runGenesis.js';

/**
 * `npm run bench`: measures the node against baselines taken in the same run, and prints
 * throughput and latency as ratios. Tests never assert timings; this is where they are looked at.
 *
 *  (a) bare   a bare Fastify route in a process like the node's (the HTTP ceiling)
 *  (b) node   POST /v1/ledger eth_blockNumber through the node
 *  (c) ledger the same request straight to the ledger node
 *
 * req/s is measured with BENCH_CONNECTIONS (default 16) concurrent connections for
 * BENCH_DURATION seconds (default 10); p50/p99 over 2,000 sequential requests on one connection.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const LATENCY_SAMPLES = 2_000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOGGER = {
  info() {},
  warn() {},
  error: (obj: object, msg: string) => console.error(msg, obj),
};

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-registry-bench-'));
  const children: ChildProcess[] = [];
  const ledger = new EmbeddedLedger({ dataDir, chainId: 2026, blockTime: 1, logger: LOGGER });
  try {
    await ledger.start();
    // The node runs against this ledger as against any external one: genesis first.
    const client = createLedgerClient({ url: ledger.url });
    await runGenesis({
      ledger: client,
      operator: await createOperator(),
      environmentPath: join(dataDir, 'environment.json'),
    });
    await client.close();
    const bare = spawn(process.execPath, [join(ROOT, 'dist/bench/bareServer.js')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(bare);
    const bareUrl = await firstLine(bare);

    const port = await freePort();
    const node = spawn(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), 'serve'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CORE_LEDGER_URL: ledger.url,
        CORE_DATA_DIR: dataDir,
        CORE_LOG_LEVEL: 'warn',
      },
    });
    children.push(node);
    const nodeUrl = `http://127.0.0.1:${port}`;
    await waitReady(`${nodeUrl}/ready`, node);

    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
    const rows: Row[] = [];
    rows.push(await measure('(a) bare Fastify route', `${bareUrl}/v1/ledger`, body));
    rows.push(await measure('(b) node /v1/ledger eth_blockNumber', `${nodeUrl}/v1/ledger`, body));
    rows.push(await measure('(c) ledger node directly', ledger.url, body));
    report(rows);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await ledger.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Throughput under load (autocannon), then latency of sequential requests (microsecond clock). */
async function measure(name: string, url: string, body: string): Promise<Row> {
  const options = {
    url,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: Math.min(2, DURATION) });
  const result = await autocannon({ ...options, duration: DURATION });
  const { p50, p99 } = await sequentialLatency(url, body);
  return { name, rps: result.requests.average, p50, p99, errors: result.errors + result.non2xx };
}

/** autocannon records whole milliseconds; sub-millisecond latencies need their own clock. */
async function sequentialLatency(url: string, body: string): Promise<{ p50: number; p99: number }> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1 });
  const samples: number[] = [];
  try {
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const started = performance.now();
      const response = await pool.request({
        method: 'POST',
        path: target.pathname,
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.body.text();
      samples.push(performance.now() - started);
    }
  } finally {
    await pool.close();
  }
  samples.sort((x, y) => x - y);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

function report(rows: Row[]): void {
  const [a, b, c] = rows as [Row, Row, Row];
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(`\ncore-registry bench: ${DURATION} s per row, ${CONNECTIONS} connections\n`);
  console.log(`${pad('row', 40)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}errors`);
  for (const row of rows) {
    console.log(
      `${pad(row.name, 40)}${pad(row.rps.toFixed(0), 10)}${pad(row.p50.toFixed(3), 9)}${pad(row.p99.toFixed(3), 9)}${row.errors}`,
    );
  }
  const ratio = (x: number, y: number) => (y === 0 ? 'n/a' : (x / y).toFixed(2));
  console.log('\nratios (throughput: higher is better; latency: lower is better)');
  console.log(
    `  b/a  req/s ${ratio(b.rps, a.rps)}  p50 ${ratio(b.p50, a.p50)}  p99 ${ratio(b.p99, a.p99)}`,
  );
  console.log(
    `  b/c  req/s ${ratio(b.rps, c.rps)}  p50 ${ratio(b.p50, c.p50)}  p99 ${ratio(b.p99, c.p99)}`,
  );
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the node exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} not ready in 30 s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
