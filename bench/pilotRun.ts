import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './measure.js';
import { type PilotStep, startPilot } from './pilot.js';

/**
 * `npm run bench:scale`: a pilot grown on the product's defaults (bench/pilot.ts) to each size of
 * BENCH_PILOT_SIZES (DIDs, and as many timestamps; default 1000,10000,50000,100000), with what the
 * operator pays at each: memory, disk bytes per write, checkpoint, read latency, the first DID's
 * key history (logs from its early block), and restarts (graceful, then kill -9 of node and
 * ledger). Timings are for reading here; tests assert none of them.
 */
const SIZES = (process.env.BENCH_PILOT_SIZES ?? '1000,10000,50000,100000').split(',').map(Number);
const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-registry-pilot-'));
  const started = performance.now();
  const pilot = await startPilot({
    dataDir,
    port: await freePort(),
    cli: CLI,
    log: (line) => console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${line}`),
  });
  const steps: PilotStep[] = [];
  try {
    for (const size of SIZES) {
      const step = await pilot.growTo(size);
      steps.push(step);
      print(steps);
    }
  } finally {
    await pilot.stop();
    // A stopped pilot's data directory, kept, is a large registry to start again and again.
    if (process.env.BENCH_PILOT_KEEP_DATA === '1') console.log(`data directory kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  const [first, , , last] = [steps[0], steps[1], steps[2], steps.at(-1)];
  const half = steps.find((step) => step.dids * 2 === last?.dids);
  if (first && last) {
    console.log('\nratios at the largest size against the smallest');
    console.log(`  DID read p50   ${(last.didReadMs / first.didReadMs).toFixed(2)}`);
    console.log(`  list page p50  ${(last.listPageMs / first.listPageMs).toFixed(2)}`);
    console.log(
      `  getDidDocument on the ledger p50  ${(last.didLedgerMs / first.didLedgerMs).toFixed(2)}`,
    );
    console.log(
      `  getDids on the ledger p50  ${(last.listLedgerMs / first.listLedgerMs).toFixed(2)}`,
    );
  }
  if (half && last) {
    const rate = (a: PilotStep, b: PilotStep | undefined) =>
      (a.anvilMiB + a.nodeMiB - (b ? b.anvilMiB + b.nodeMiB : 0)) / (a.dids - (b?.dids ?? 0));
    console.log(
      `  memory growth ${half.dids}→${last.dids} DIDs ÷ 0→${half.dids}: ${(rate(last, half) / rate(half, undefined)).toFixed(2)}`,
    );
  }
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function print(steps: PilotStep[]): void {
  const columns: [string, (step: PilotStep) => string][] = [
    ['DIDs', (s) => String(s.dids)],
    ['timestamps', (s) => String(s.timestamps)],
    ['anvil MiB', (s) => s.anvilMiB.toFixed(0)],
    ['node MiB', (s) => s.nodeMiB.toFixed(0)],
    ['of it files', (s) => s.nodeFileMiB.toFixed(0)],
    ['disk B/write', (s) => s.bytesPerWrite.toFixed(0)],
    ['device B/write', (s) => s.deviceBytesPerWrite?.toFixed(0) ?? '-'],
    ['checkpoint MiB', (s) => s.checkpointMiB.toFixed(1)],
    ['checkpoint ms', (s) => (s.checkpointMs === undefined ? '-' : s.checkpointMs.toFixed(0))],
    ['checkpoints', (s) => String(s.checkpointsWritten)],
    ['DID p50 ms', (s) => s.didReadMs.toFixed(2)],
    ['list p50 ms', (s) => s.listPageMs.toFixed(2)],
    ['DID call ms', (s) => s.didLedgerMs.toFixed(2)],
    ['list call ms', (s) => s.listLedgerMs.toFixed(2)],
    [
      'busy p50/p99',
      (s) => (s.busyReadMs ? `${s.busyReadMs.p50.toFixed(1)}/${s.busyReadMs.p99.toFixed(0)}` : '-'),
    ],
    ['history', (s) => `${s.firstDidChanges} in ${s.firstDidHistoryMs.toFixed(0)} ms`],
    ['restart ms', (s) => s.restartMs.toFixed(0)],
    ['kill -9 ms', (s) => s.killRestartMs.toFixed(0)],
    ['replayed', (s) => (s.killReplayedBlocks === undefined ? '-' : String(s.killReplayedBlocks))],
    ['seeding s', (s) => s.seedSeconds.toFixed(0)],
  ];
  console.log(`\n${columns.map(([name]) => name.padEnd(15)).join('')}`);
  for (const step of steps) {
    console.log(columns.map(([, value]) => value(step).padEnd(15)).join(''));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
