import { describe, expect, test } from 'vitest';
import { startTestNode } from '../support/testNode.js';
import { formatFindings } from './createFindings.js';
import { runFuzz } from './runFuzz.js';

/**
 * Randomised HTTP against every route of a real node on a real ledger: no answer is a 5xx,
 * none leaks framework internals, every error has its route's format (Problem Details, OAuth
 * error, JSON-RPC error), no request crashes the ledger. A run goes to the end and then lists
 * each distinct failure with its shortest examples, rather than stopping (and shrinking) at
 * the first one.
 *
 * `FUZZ_SEED` and `FUZZ_RUNS` (requests) replay or lengthen a run, e.g.
 * `FUZZ_RUNS=100000 FUZZ_SEED=7 npx vitest run test/abuse/fuzz.test.ts`; `FUZZ_TRACE=<file>`
 * logs every exchange, for failures that depend on what came before.
 * - Spec: SPEC.md §2.1–§2.3, §4, §5.4.5, §7
 */
const SEED = readInteger('FUZZ_SEED', 142_026);
const REQUESTS = readInteger('FUZZ_RUNS', 2_000);
const TRACE_FILE = process.env.FUZZ_TRACE;
const IN_FLIGHT = 8;
/** A generous bound: 100,000 requests took 27 minutes on two cores shared with other suites. */
const TIMEOUT_MS = 60_000 + REQUESTS * 40;
/** Requests a minute the rate-limited node allows (docs/errors.md: `CORE_RATE_LIMIT`). */
const RATE_LIMIT = 100;

function readInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`${name} must be an integer`);
  return value;
}

describe('fuzz: every route', () => {
  test(
    'behavior: no 5xx, no leaked internals, every error in its route format',
    async () => {
      // A ledger of its own: a request that crashes it must not restart the one files share.
      const node = await startTestNode({ ownLedger: true });
      try {
        console.log(`fuzz: seed ${SEED}, ${REQUESTS} requests, ${IN_FLIGHT} in flight`);
        const findings = await runFuzz({
          node,
          seed: SEED,
          requests: REQUESTS,
          inFlight: IN_FLIGHT,
          traceFile: TRACE_FILE,
        });
        console.log(`fuzz: ${findings.summary()}`);
        const failures = findings.list();
        expect(failures.length, `distinct failures:\n\n${formatFindings(failures)}\n\n`).toBe(0);
      } finally {
        await node.close();
      }
    },
    TIMEOUT_MS,
  );

  test('behavior: past the rate limit, every route answers 429 in its format', {
    timeout: 60_000,
  }, async () => {
    const node = await startTestNode({
      ownLedger: true,
      env: { CORE_RATE_LIMIT: String(RATE_LIMIT) },
    });
    try {
      const findings = await runFuzz({ node, seed: SEED, requests: 4 * RATE_LIMIT, inFlight: 8 });
      console.log(`fuzz, rate limited: ${findings.summary()}`);
      const failures = findings.list();
      expect(findings.countStatus(429), 'answers 429').toBeGreaterThan(0);
      expect(failures.length, `distinct failures:\n\n${formatFindings(failures)}\n\n`).toBe(0);
    } finally {
      await node.close();
    }
  });
});
