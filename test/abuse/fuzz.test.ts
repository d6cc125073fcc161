import { createWriteStream } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../support/testNode.js';
import { anyProbe, knownValuesOf } from './anyProbe.js';
import { createCrashWatch, type Probe } from './createCrashWatch.js';
import { createFindings, formatFindings } from './createFindings.js';
import { createFuzzClient, type FuzzClient } from './createFuzzClient.js';
import { findViolations } from './findViolations.js';
import { toTraceLine } from './fuzzRequest.js';
import { getFuzzRoutes } from './openApiRoutes.js';

/**
 * Randomised HTTP against every route of a real node on a real ledger: no answer is a 5xx,
 * none leaks framework internals, every error has its route's format (Problem Details, OAuth
 * error, JSON-RPC error). The run goes to the end and then lists each distinct failure with its
 * shortest examples, rather than stopping (and shrinking) at the first one.
 *
 * `FUZZ_SEED` and `FUZZ_RUNS` (requests) replay or lengthen a run, e.g.
 * `FUZZ_RUNS=100000 FUZZ_SEED=7 npx vitest run test/abuse/fuzz.test.ts`; `FUZZ_TRACE=<file>`
 * logs every exchange, for failures that depend on what came before.
 * - Spec: SPEC.md §2.1–§2.3, §4, §5.4.5, §7
 */
const SEED = readInteger('FUZZ_SEED', 142_026);
const REQUESTS = readInteger('FUZZ_RUNS', 2_000);
/** A file to write every request and answer to, one JSON line each, in the order they end. */
const TRACE_FILE = process.env.FUZZ_TRACE;
const IN_FLIGHT = 8;
/** A generous bound: about 2 ms a request on two cores, most of it ledger reads. */
const TIMEOUT_MS = 60_000 + REQUESTS * 20;

function readInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`${name} must be an integer`);
  return value;
}

let node: TestNode;
let client: FuzzClient;

beforeAll(async () => {
  // A ledger of its own: a request that crashes it must not restart the one other files share.
  node = await startTestNode({ ownLedger: true });
  client = createFuzzClient(node.url, IN_FLIGHT);
});
afterAll(async () => {
  await client?.close();
  await node?.close();
});

describe('fuzz: every route', () => {
  test(
    'behavior: no 5xx, no leaked internals, every error in its route format',
    async () => {
      const routes = await getFuzzRoutes(node.url);
      console.log(
        `fuzz: seed ${SEED}, ${REQUESTS} requests, ${routes.length} routes, ${IN_FLIGHT} in flight`,
      );
      const findings = createFindings();
      const crashes = createCrashWatch(node.ledger);
      const trace = TRACE_FILE === undefined ? undefined : createWriteStream(TRACE_FILE);
      const send = async ({ path, request }: Probe) => {
        const startedAt = performance.now();
        const outcome = await client.send(request);
        const violations = findViolations(request, outcome);
        findings.record(request, path, outcome, violations);
        trace?.write(`${toTraceLine(request, outcome, violations, startedAt)}\n`);
      };

      const probes = anyProbe(routes, knownValuesOf(node.environment));
      const batch = fc.array(probes, { minLength: IN_FLIGHT, maxLength: IN_FLIGHT });
      await fc.assert(
        fc.asyncProperty(batch, (batch) =>
          crashes.watch(batch, async () => {
            await Promise.all(batch.map(send));
          }),
        ),
        { seed: SEED, numRuns: Math.ceil(REQUESTS / IN_FLIGHT), endOnFailure: true },
      );
      for (const { path, request } of await crashes.findCrashers(client.send)) {
        const violation = {
          kind: 'crash',
          rule: 'crashes the ledger',
          cause: 'the ledger process exited',
        } as const;
        findings.flag(request, path, violation, 'sent again alone, it made the ledger restart');
      }

      trace?.end();
      console.log(`fuzz: ${findings.summary()}`);
      const failures = findings.list();
      expect(failures.length, `distinct failures:\n\n${formatFindings(failures)}\n\n`).toBe(0);
    },
    TIMEOUT_MS,
  );
});
