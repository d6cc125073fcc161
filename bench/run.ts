import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type Environment, readEnvironment } from '../src/genesis/environment.js';
import { loadOrCreateOperator } from '../src/genesis/operator.js';
import { createDidCoreV1 } from '../src/identity/didCore.js';
import { createLedgerClient, type LedgerClient } from '../src/ledger/createLedgerClient.js';
import { readPidFile } from '../src/ledger/embedded/processFiles.js';
import {
  closeSends,
  freePort,
  measure,
  measureSamples,
  type Row,
  send,
  stopChild,
  waitForIdleLedger,
} from './measure.js';
import { rssMiB, startPlainAnvil } from './plainAnvil.js';
import { measureScale, type ScaleRows } from './scale.js';
import { seed } from './seed.js';
import { createSoftHsmKeys } from './softHsmKey.js';
import { measureSecondNodeTokens, measureTokens } from './tokenRows.js';
import { measureVerify, reportVerify } from './verify.js';
import { measureSignedWrites, measureWrites, WRITES_SENT } from './writeRows.js';

/**
 * `npm run bench`: measures the node against baselines taken in the same run, and prints
 * throughput and latency as ratios. Tests never assert timings; this is where they are looked at.
 *
 *  (a) bare Fastify routes in a process like the node's (the HTTP ceiling), POST and GET (the
 *  body of the DID document that (d) reads)
 *  (b) POST /v1/ledger eth_blockNumber through the node, and (c) straight to the ledger node
 *  (d) a DID document read, cached (same block), and (e) the first read after a new block
 *  (e2) the cached read and (a3) the bare GET each alone after a 300 ms pause, as (e) is timed:
 *  what a request costs here once the machine has been idle, before any ledger work
 *  (f) a timestamp read, (g) a page of 10 Track and Trace documents
 *  (h) token requests for timestamp:write (fresh presentation each, 8 in flight); (h1) the same at
 *  a second node on the node's ledger, and (h2) at a third like it whose token key is in SoftHSM2
 *  (PKCS#11), where SoftHSM2 is installed
 *  (n) 500 writes signed as they are sent, straight to the ledger, by a key file; (n2) by a key
 *  in SoftHSM2
 *  (i) 2,000 pre-signed writes through the gate of /v1/ledger, (j) the same straight to the ledger
 *  (its journaling front: fsync before anvil sees them), (k) the same to a plain anvil (no journal)
 *  and the resident memory of node and anvil before and after the rows
 *  (l) DID documents and (m) DID list pages, each read once, at 1,000 DIDs and at 100,000
 *  (BENCH_SCALE_DIDS; at most 1,000 skips them), on a ledger and node of their own, and the
 *  same views called on that ledger directly (l', m')
 *  (v) one credential of a 3-link chain (TI ← TAO ← Root TAO, with a schema) verified with its
 *  reads from one node, not proven (v1, the baseline), proven under the node's header (v2), and
 *  agreed by 2 of 3 nodes over one ledger (v3): median ms per verification over
 *  BENCH_VERIFY_RUNS (default 30) runs, and each as a ratio to (v1), on nodes of their own
 *
 * BENCH_ONLY picks sections, comma-separated: `main` (a–n), `verify` (v), `scale` (l, m); all by
 * default. BENCH_SCALE_ONLY=1 is BENCH_ONLY=scale.
 *
 * req/s is measured with BENCH_CONNECTIONS (default 16) concurrent connections for
 * BENCH_DURATION seconds (default 10); p50/p99 over 2,000 sequential requests on one connection.
 */
/** The quiet before each request of rows (e), (e2) and (a3). */
const PAUSE_MS = 300;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** Extra Node flags for the API node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profile`. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The registry sizes the scale rows compare (BENCH_SCALE_DIDS sets the larger). */
const SCALE_SMALL = 1_000;
const SCALE_LARGE = Number(process.env.BENCH_SCALE_DIDS ?? 100_000);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECTIONS = ['main', 'verify', 'scale'] as const;

/** The sections BENCH_ONLY names (or BENCH_SCALE_ONLY=1), all of them by default. */
function sectionsToRun(): Set<(typeof SECTIONS)[number]> {
  if (process.env.BENCH_SCALE_ONLY === '1') return new Set(['scale']);
  const only = process.env.BENCH_ONLY;
  if (only === undefined || only === '') return new Set(SECTIONS);
  const names = only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new TypeError(
      `BENCH_ONLY names ${unknown.join(', ')}: sections are ${SECTIONS.join(', ')}`,
    );
  }
  return new Set(names as (typeof SECTIONS)[number][]);
}

async function main(): Promise<void> {
  const sections = sectionsToRun();
  if (sections.has('main')) await measureMain();
  if (sections.has('verify')) reportVerify(await measureVerify({ startNode }));
  // Last: its seeding takes minutes, and what was measured is printed already.
  if (!sections.has('scale')) return;
  if (SCALE_LARGE > SCALE_SMALL) {
    reportScale(await measureScale({ small: SCALE_SMALL, large: SCALE_LARGE, startNode }));
  } else console.log(`\nscale rows skipped (BENCH_SCALE_DIDS=${SCALE_LARGE})`);
}

/** Rows a–n: one node on its own embedded ledger, against the baselines of the same run. */
async function measureMain(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-registry-bench-'));
  const children: ChildProcess[] = [];
  let plain: Awaited<ReturnType<typeof startPlainAnvil>> | undefined;
  try {
    // The node runs its own embedded ledger, as `npm start` does: its writes reach the journal
    // in process, and the direct rows below go to that ledger's front from outside.
    const ledgerPort = await freePort();
    const { url: nodeUrl, child: node } = await startNode(undefined, dataDir, ledgerPort);
    children.push(node);
    const ledgerUrl = `http://127.0.0.1:${ledgerPort}`;
    const client = createLedgerClient({ url: ledgerUrl });
    const operator = await loadOrCreateOperator(join(dataDir, 'operator.json'));
    const environment = readEnvironment(join(dataDir, 'environment.json')) as Environment;
    await seed(ledgerUrl, environment, operator, 25);
    plain = await startPlainAnvil(environment.chainId);
    const didUrl = `${nodeUrl}/v1/did-registry/identifiers/${operator.did}`;
    const bare = spawn(process.execPath, [join(ROOT, 'dist/bench/bareServer.js')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_BARE_GET_BODY: await (await fetch(didUrl)).text() },
    });
    children.push(bare);
    const bareUrl = await firstLine(bare);
    const anvilPid = () => readPidFile(join(dataDir, 'ledger', 'anvil.pid'));
    const memory = async () => ({ node: await rssMiB(node.pid), anvil: await rssMiB(anvilPid()) });
    const memoryBefore = await memory();

    const load = { duration: DURATION, connections: CONNECTIONS };
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
    const timestamps = (await (await fetch(`${nodeUrl}/v1/timestamp/timestamps`)).json()) as {
      items: { href: string }[];
    };
    const timestampUrl = timestamps.items[0]?.href as string;
    const hsm = await createSoftHsmKeys();
    const rows = {
      bare: await measure('(a) bare Fastify route, POST', `${bareUrl}/v1/ledger`, {
        ...load,
        method: 'POST',
        body: rpc,
        cpuOf: bare.pid,
      }),
      bareGet: await measure('(a2) bare Fastify route, GET', `${bareUrl}/v1/bare`, load),
      rpc: await measure('(b) node /v1/ledger eth_blockNumber', `${nodeUrl}/v1/ledger`, {
        ...load,
        method: 'POST',
        body: rpc,
        cpuOf: node.pid,
      }),
      ledger: await measure('(c) ledger node directly', ledgerUrl, {
        ...load,
        method: 'POST',
        body: rpc,
      }),
      didCached: await measure('(d) DID document, cached', didUrl, { ...load, cpuOf: node.pid }),
      didUncached: await measureSamples('(e) DID document, first after a block', 20, () =>
        firstReadAfterBlock(client, didUrl),
      ),
      // A DID no request read before is not read ahead: its first read waits for the ledger.
      didCold: await measureSamples('(e3) unregistered DID, first read (404)', 20, () =>
        firstReadAfterBlock(client, `${nodeUrl}/v1/did-registry/identifiers/${createDidCoreV1()}`),
      ),
      didCachedPaused: await cachedReadsAfterPause(client, didUrl),
      bareGetPaused: await measureSamples('(a3) bare Fastify GET, after a pause', 20, () =>
        readAfterPause(`${bareUrl}/v1/bare`),
      ),
      timestamp: await measure('(f) timestamp read', timestampUrl, load),
      documents: await measure(
        '(g) documents list, 10 per page',
        `${nodeUrl}/v1/track-and-trace/documents?page[size]=10`,
        load,
      ),
      token: await measureTokens(
        '(h) token requests, timestamp:write',
        nodeUrl,
        operator,
        node.pid,
      ),
      ...(await measureSecondNodeTokens(startNode, ledgerUrl, dataDir, operator, children, hsm)),
      ...(await measureSignedWrites(ledgerUrl, environment, hsm)),
      ...(await measureWrites(nodeUrl, ledgerUrl, plain.url, operator, environment, node.pid)),
    };
    await client.close();
    report(rows);
    const after = await memory();
    console.log(
      `\nresident memory (MiB), node / anvil: ${memoryBefore.node.toFixed(0)} / ${memoryBefore.anvil.toFixed(0)} before the rows, ${after.node.toFixed(0)} / ${after.anvil.toFixed(0)} after them (${2 * WRITES_SENT} writes to its journal among them)`,
    );
  } finally {
    await closeSends();
    await Promise.all(children.map(stopChild));
    plain?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits for a new block (the node's caches of the block before no longer answer), then times one read. */
async function firstReadAfterBlock(client: LedgerClient, url: string): Promise<number> {
  const start = await client.request<string>('eth_blockNumber');
  // The embedded ledger mines only while there is work: a free transfer makes a block.
  const account = privateKeyToAccount(generatePrivateKey());
  const transfer = await account.signTransaction({
    chainId: 2026,
    to: account.address,
    nonce: 0,
    gas: 21_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
  await client.request('eth_sendRawTransaction', [transfer]);
  while ((await client.request<string>('eth_blockNumber')) === start) await sleep(10);
  return readAfterPause(url);
}

/** Times one GET of `url` made after 300 ms without requests, as a relying party's might be. */
async function readAfterPause(url: string): Promise<number> {
  await sleep(PAUSE_MS);
  const started = performance.now();
  await send(url);
  return performance.now() - started;
}

/** (e2): `url` read once at an idle head, then timed after each pause: answered from the cache. */
async function cachedReadsAfterPause(client: LedgerClient, url: string): Promise<Row> {
  await waitForIdleLedger({ rpc: (method, params) => client.request(method, params) }, 1_000);
  await send(url);
  const before = await client.request<string>('eth_blockNumber');
  const row = await measureSamples('(e2) DID document, cached, after a pause', 20, () =>
    readAfterPause(url),
  );
  if ((await client.request<string>('eth_blockNumber')) !== before) {
    throw new Error('(e2) a block was made while the cached reads were timed');
  }
  return row;
}

function report(rows: Record<string, Row>): void {
  console.log(`\ncore-registry bench: ${DURATION} s per row, ${CONNECTIONS} connections\n`);
  printRows(rows);
  const r = rows as Record<
    | 'bare'
    | 'bareGet'
    | 'rpc'
    | 'ledger'
    | 'didCached'
    | 'didUncached'
    | 'didCold'
    | 'didCachedPaused'
    | 'bareGetPaused'
    | 'timestamp'
    | 'documents'
    | 'token'
    | 'tokenSecond'
    | 'writeGate'
    | 'writeDirect'
    | 'writePlain',
    Row
  >;
  console.log('\nratios (throughput: higher is better; latency: lower is better)');
  line('b/a', r.rpc, r.bare);
  line('b/c', r.rpc, r.ledger);
  line('d/a2', r.didCached, r.bareGet);
  line('e/a2', r.didUncached, r.bareGet);
  line('e/d', r.didUncached, r.didCached);
  line('e/a3', r.didUncached, r.bareGetPaused);
  line('e2/a3', r.didCachedPaused, r.bareGetPaused);
  line('e3/a3', r.didCold, r.bareGetPaused);
  line('f/a2', r.timestamp, r.bareGet);
  line('g/a2', r.documents, r.bareGet);
  line('h/a', r.token, r.bare);
  line('h1/h', r.tokenSecond, r.token);
  if (rows.tokenHsm) line('h2/h1', rows.tokenHsm, r.tokenSecond);
  if (rows.signedHsm && rows.signedFile) line('n2/n', rows.signedHsm, rows.signedFile);
  line('i/j', r.writeGate, r.writeDirect);
  line('j/k', r.writeDirect, r.writePlain);
  const overhead = 1000 / r.writeGate.rps - 1000 / r.writeDirect.rps;
  console.log(
    `  gate overhead per transaction: ${overhead.toFixed(3)} ms of throughput, ${(r.writeGate.p50 - r.writeDirect.p50).toFixed(3)} ms of p50 latency`,
  );
  const micros = (row: Row) => row.cpuMicros ?? Number.NaN;
  const cpu = (row: Row) => micros(row).toFixed(0);
  console.log(
    `  node CPU (user + system): ${cpu(r.writeGate)} µs per gated write (i), ${cpu(r.writeDirect)} µs per write straight to its ledger's front (j), ${cpu(r.token)} µs per token request (h), ${cpu(r.tokenSecond)} µs at a second node on its ledger (h1)${rows.tokenHsm ? `, ${cpu(rows.tokenHsm)} µs there with the key in SoftHSM2 (h2)` : ''}`,
  );
  // Baselines of the same run: what one request costs a process that does nothing (a), and the
  // node forwarding a read to the ledger (b). Both (i) and (j) cross one HTTP exchange into the
  // node and its journal; (i) − (j) is what the gate itself adds.
  console.log(
    `  CPU per request under load: ${cpu(r.bare)} µs bare route (a), ${cpu(r.rpc)} µs node forwarding a read (b), ${cpu(r.didCached)} µs node cached read (d); gate's own share of (i), (i) − (j): ${(micros(r.writeGate) - micros(r.writeDirect)).toFixed(0)} µs`,
  );
}

/**
 * Starts a node on `ledgerUrl`; without one, on an embedded ledger of its own whose front
 * listens on `ledgerPort`.
 */
async function startNode(
  ledgerUrl: string | undefined,
  dataDir: string,
  ledgerPort = 0,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const ledger = ledgerUrl
    ? { CORE_LEDGER_URL: ledgerUrl }
    : { CORE_LEDGER_PORT: String(ledgerPort), CORE_BLOCK_TIME: '0.25' };
  const child = spawn(
    process.execPath,
    [...NODE_ARGS, join(ROOT, 'dist/src/cli/main.js'), 'serve'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...ledger,
        CORE_DATA_DIR: dataDir,
        CORE_PUBLIC_URL: `http://127.0.0.1:${port}`,
        CORE_LOG_LEVEL: 'warn',
        // The load generator is one client sending thousands of requests a second.
        CORE_RATE_LIMIT: '0',
        ...env,
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}/ready`, child);
  return { url, child };
}

function reportScale({ small, large }: ScaleRows): void {
  console.log('\nscale: DID reads and list pages, each read once, at two registry sizes\n');
  printRows({
    ...small,
    ...Object.fromEntries(Object.entries(large).map(([k, v]) => [`${k}L`, v])),
  });
  console.log('\nratios (latency: lower is better)');
  line('l large/small', large.did, small.did);
  line('m large/small', large.list, small.list);
  line("l' ledger alone", large.didLedger, small.didLedger);
  line("m' ledger alone", large.listLedger, small.listLedger);
}

function printRows(rows: Record<string, Row>): void {
  console.log(`${pad('row', 42)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}errors`);
  for (const row of Object.values(rows)) {
    console.log(
      `${pad(row.name, 42)}${pad(fixed(row.rps, 0), 10)}${pad(fixed(row.p50, 3), 9)}${pad(fixed(row.p99, 3), 9)}${row.errors}`,
    );
  }
}

function line(label: string, row: Row, base: Row): void {
  console.log(
    `  ${pad(label, 10)} req/s ${pad(ratio(row.rps, base.rps), 6)} p50 ${pad(ratio(row.p50, base.p50), 7)} p99 ${ratio(row.p99, base.p99)}`,
  );
}

const pad = (text: string, width: number) => text.padEnd(width);
const fixed = (value: number, digits: number) =>
  Number.isNaN(value) ? '-' : value.toFixed(digits);
const ratio = (x: number, y: number) => (y === 0 || Number.isNaN(x) ? 'n/a' : (x / y).toFixed(2));

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
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
