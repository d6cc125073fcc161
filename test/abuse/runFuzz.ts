import { createWriteStream } from 'node:fs';
import fc from 'fast-check';
import type { TestNode } from '../support/testNode.js';
import { anyProbe, knownValuesOf } from './anyProbe.js';
import { createCrashWatch, type Probe } from './createCrashWatch.js';
import { createFindings, type Findings } from './createFindings.js';
import { createFuzzClient } from './createFuzzClient.js';
import { findViolations, type Violation } from './findViolations.js';
import { toTraceLine } from './fuzzRequest.js';
import { getFuzzRoutes } from './openApiRoutes.js';

export type RunFuzzParameters = {
  node: TestNode;
  /** fast-check's seed: the same seed sends the same requests. */
  seed: number;
  /** How many requests to send (rounded up to a whole batch). */
  requests: number;
  /** How many requests are in flight at once. */
  inFlight: number;
  /** A file to write every exchange to, one JSON line each, in the order they end. */
  traceFile?: string | undefined;
};

const CRASH: Violation = {
  kind: 'crash',
  rule: 'crashes the ledger',
  cause: 'the ledger process exited',
};

/**
 * Sends random probes to every route of the node's OpenAPI document, `inFlight` at a time over
 * keep-alive connections, checks every answer, and replays the batches the ledger crashed
 * during to name the request that crashed it.
 */
export async function runFuzz(parameters: RunFuzzParameters): Promise<Findings> {
  const { node, seed, requests, inFlight, traceFile } = parameters;
  const routes = await getFuzzRoutes(node.url);
  const client = createFuzzClient(node.url, inFlight);
  const findings = createFindings();
  const crashes = createCrashWatch(node.ledger);
  const trace = traceFile === undefined ? undefined : createWriteStream(traceFile);
  const send = async ({ path, request }: Probe) => {
    const startedAt = performance.now();
    const outcome = await client.send(request);
    const violations = findViolations(request, outcome);
    findings.record(request, path, outcome, violations);
    trace?.write(`${toTraceLine(request, outcome, violations, startedAt)}\n`);
  };
  try {
    const probe = anyProbe(routes, knownValuesOf(node.environment));
    const batches = fc.array(probe, { minLength: inFlight, maxLength: inFlight });
    await fc.assert(
      fc.asyncProperty(batches, (batch) =>
        crashes.watch(batch, async () => {
          await Promise.all(batch.map(send));
        }),
      ),
      { seed, numRuns: Math.ceil(requests / inFlight), endOnFailure: true },
    );
    for (const { path, request } of await crashes.findCrashers(client.send)) {
      findings.flag(request, path, CRASH, 'sent again alone, it made the ledger restart');
    }
    return findings;
  } finally {
    trace?.end();
    await client.close();
  }
}
