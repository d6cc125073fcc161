import { rmSync } from 'node:fs';
import type { Hex } from 'viem';
import { afterAll, describe, expect, test } from 'vitest';
import { type Pilot, startPilot } from '../../bench/pilot.js';
import { TRANSACTION_BLOCKS_KEPT } from '../../src/ledger/embedded/anvilArgs.js';
import { CLI } from '../support/cli.js';
import { createDataDir, freePort } from '../support/testNode.js';

const SIZE = 200;
const dataDir = createDataDir();
let pilot: Pilot | undefined;
afterAll(async () => {
  await pilot?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 90_000);

// The scale run of `npm run bench:scale` (bench/pilot.ts), small: its invariants, no timings.
describe('a pilot grown through the node', () => {
  test('behavior: every DID and timestamp, and the first DID’s history, survive a restart and a kill -9', async () => {
    pilot = await startPilot({
      dataDir,
      port: await freePort(),
      cli: CLI,
      // Info: the pilot reads its checkpoints and replays from the node's log.
      env: { CORE_BLOCK_TIME: '0.2', CORE_LOG_LEVEL: 'info' },
      // Progress on stderr: a slow or stuck run says where it was.
      log: (line) => console.error(`pilot: ${line}`),
    });
    const step = await pilot.growTo(SIZE);
    const { client, dids } = pilot;
    expect(step).toMatchObject({ dids: SIZE, timestamps: SIZE });
    // Its registration is older than what anvil keeps whole: the archive served its log.
    expect(Number(await client.rpc<Hex>('eth_blockNumber', []))).toBeGreaterThan(
      2 * TRANSACTION_BLOCKS_KEPT,
    );
    expect(step.firstDidChanges).toBe(1);
    expect(step.bytesPerWrite).toBeGreaterThan(0);
    // Read from the data directory's disk where there is one (not on tmpfs).
    if (step.deviceBytesPerWrite !== undefined) expect(step.deviceBytesPerWrite).toBeGreaterThan(0);
    expect(step.checkpointMiB).toBeGreaterThan(0);
    // Reads timed through the node and on the ledger directly, each of them answered.
    for (const ms of [step.didReadMs, step.listPageMs, step.didLedgerMs, step.listLedgerMs]) {
      expect(ms).toBeGreaterThan(0);
    }
    // growTo ended with a graceful restart, then DIDs onboarded and a kill -9 of node and
    // ledger right after their receipts: the start replayed their blocks.
    expect(step.killReplayedBlocks).toBeGreaterThan(0);
    expect(dids.length).toBeGreaterThan(SIZE);
    const missing: string[] = [];
    for (const did of dids) {
      const response = await fetch(`${client.baseUrl}/v1/did-registry/identifiers/${did}`);
      if (response.status !== 200) missing.push(`${did}: ${response.status}`);
    }
    expect(missing).toEqual([]);
    const timestamps = await client.get<{ total: number }>('/v1/timestamp/timestamps?page[size]=1');
    expect(timestamps.total).toBe(SIZE);
  }, 480_000);
});
