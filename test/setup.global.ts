import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { EmbeddedLedger } from '../src/ledger/embedded/embeddedLedger.js';
import { TEST_WORKERS } from '../vitest.config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One embedded ledger per vitest worker, by `VITEST_POOL_ID - 1`. */
    ledgerUrls: string[];
  }
}

const QUIET = { info() {}, warn() {}, error() {} };

/**
 * Starts one embedded ledger per vitest worker before any test file (as viem's tests do with
 * anvil); each test file deploys its own environment on its worker's ledger, so files never share
 * an operator or a nonce.
 * - Design: STYLE.md B8
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildExplorer();
  const dataDirs = Array.from({ length: TEST_WORKERS }, () =>
    mkdtempSync(join(tmpdir(), 'core-registry-worker-')),
  );
  const ledgers = dataDirs.map(
    (dataDir) => new EmbeddedLedger({ dataDir, chainId: 2026, blockTime: 0.1, logger: QUIET }),
  );
  await Promise.all(ledgers.map((ledger) => ledger.start()));
  project.provide(
    'ledgerUrls',
    ledgers.map((ledger) => ledger.url),
  );
  return async () => {
    await Promise.all(ledgers.map((ledger) => ledger.stop()));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The explorer's files as `npm run build` makes them (its scripts and the SDK bundle), built once
 * before any test: nodes serve the files present when they start, and test files running side
 * by side must not rewrite files another's browser is loading.
 */
function buildExplorer(): void {
  execFileSync(process.execPath, [
    'node_modules/typescript/bin/tsc',
    '-p',
    'explorer/tsconfig.json',
  ]);
  execFileSync(process.execPath, ['scripts/bundleSdk.mjs'], { stdio: 'ignore' });
}
