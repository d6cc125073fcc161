import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCoreClient } from '../src/client/createCoreClient.js';
import { proofs } from '../src/client/proofs/provenReads.js';
import {
  type VerifyCredentialParameters,
  verifyCredential,
} from '../src/client/verifyCredential.js';
import { loadOrCreateOperator } from '../src/genesis/operator.js';
import {
  freePort,
  measureSamples,
  type Row,
  type StartNode,
  stopChild,
  waitForIdleLedger,
} from './measure.js';
import { createChainCredential } from './trustChain.js';

/** Verifications timed per row, after {@link WARM_UP} untimed ones (BENCH_VERIFY_RUNS). */
const RUNS = Number(process.env.BENCH_VERIFY_RUNS ?? 30);
const WARM_UP = 3;

/** A row, and how the report said its reads were established. */
type VerifyRow = Row & { reads: string };

/** One verification per mode: one node, its reads proven, a quorum of 2 of 3 nodes. */
export type VerifyRows = { unproven: VerifyRow; proofs: VerifyRow; quorum: VerifyRow };

export type VerifyOptions = { startNode: StartNode };

/**
 * (v) The cost of verifying one credential of a full chain (TI ← TAO ← Root TAO, with a schema)
 * in each way of establishing its reads: (v1) one node, not proven (the baseline), (v2) the DID,
 * Issuers and Schemas Registry reads proven under the node's own header, (v3) a quorum of 2 of 3
 * API nodes over one ledger, each with its own public URL (as independent operators' are). Each row is the time of one whole
 * `verifyCredential`, run one after another; the ledger mines no block meanwhile, so every mode
 * reads the same head (and the nodes answer REST reads from their response caches).
 */
export async function measureVerify(options: VerifyOptions): Promise<VerifyRows> {
  const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'core-registry-bench-verify-')));
  const children: ChildProcess[] = [];
  try {
    const [first, ...others] = dirs as [string, string, string];
    const ledgerPort = await freePort();
    const node = await options.startNode(undefined, first, ledgerPort);
    children.push(node.child);
    for (const dir of others) {
      for (const file of ['operator.json', 'environment.json']) {
        copyFileSync(join(first, file), join(dir, file));
      }
    }
    const ledgerUrl = `http://127.0.0.1:${ledgerPort}`;
    const more = await Promise.all(others.map((dir) => options.startNode(ledgerUrl, dir)));
    children.push(...more.map((started) => started.child));
    const client = createCoreClient({ baseUrl: node.url });
    const operator = await loadOrCreateOperator(join(first, 'operator.json'));
    const jwt = await createChainCredential(client, operator);
    await waitForIdleLedger(client, 2_000);
    const nodes = [node.url, ...more.map((started) => started.url)];
    const row = (name: string, parameters: VerifyCredentialParameters) =>
      timeVerifications(name, jwt, parameters);
    return {
      unproven: await row('(v1) verify, one node, not proven', { node: node.url }),
      proofs: await row('(v2) verify, proofs, node header', {
        node: node.url,
        trust: { proofs: proofs() },
      }),
      quorum: await row('(v3) verify, quorum 2 of 3 nodes', { nodes, trust: { quorum: 2 } }),
    };
  } finally {
    await Promise.all(children.map(stopChild));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** {@link RUNS} verifications one after another, timed; one not `trusted` counts as an error. */
async function timeVerifications(
  name: string,
  jwt: string,
  parameters: VerifyCredentialParameters,
): Promise<VerifyRow> {
  let errors = 0;
  let reads = '';
  const once = async () => {
    const started = performance.now();
    const report = await verifyCredential(jwt, parameters);
    const ms = performance.now() - started;
    reads = report.reads;
    if (report.verdict !== 'trusted') {
      errors++;
      const failed = report.checks.find((check) => check.verdict === 'fail');
      console.error(`${name}: untrusted: ${failed?.id}: ${failed?.detail}`);
    }
    return ms;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  errors = 0;
  const row = await measureSamples(`${name}, ${RUNS} runs`, RUNS, once);
  return { ...row, errors, reads };
}

/** Prints the rows, each as median and p99 ms per verification and as a ratio to (v1). */
export function reportVerify(rows: VerifyRows): void {
  console.log(
    '\nverify: one credential of a 3-link chain (TI ← TAO ← Root TAO, with a schema), ms per verification\n',
  );
  console.log(
    `${'row'.padEnd(46)}${'p50 ms'.padEnd(9)}${'p99 ms'.padEnd(9)}${'p50 / v1'.padEnd(10)}errors`,
  );
  for (const row of Object.values(rows)) {
    const ratio = (row.p50 / rows.unproven.p50).toFixed(2);
    console.log(
      `${row.name.padEnd(46)}${row.p50.toFixed(1).padEnd(9)}${row.p99.toFixed(1).padEnd(9)}${ratio.padEnd(10)}${row.errors}`,
    );
  }
  console.log('\nreads, as each report says:');
  for (const row of Object.values(rows)) console.log(`  ${row.name.slice(0, 4)} ${row.reads}`);
}
