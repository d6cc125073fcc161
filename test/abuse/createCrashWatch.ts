import type { TestLedger } from '../support/testNode.js';
import type { FuzzOutcome, FuzzRequest } from './fuzzRequest.js';

const LEDGER_WAIT_MS = 20_000;

/** A request and the path it is counted under (its route's template). */
export type Probe = { path: string; request: FuzzRequest };

export type CrashWatch = {
  /** Runs a batch of probes; if the ledger process changed meanwhile, keeps them as suspects. */
  watch(probes: readonly Probe[], run: () => Promise<void>): Promise<void>;
  /** Replays the suspects one at a time; returns those after which the ledger process changed. */
  findCrashers(send: (request: FuzzRequest) => Promise<FuzzOutcome>): Promise<Probe[]>;
};

/**
 * Watches the node's own ledger process: a request that crashes it (the supervisor restarts it)
 * answers like any ledger outage, so the culprit is found by replaying the batches in flight.
 */
export function createCrashWatch(ledger: TestLedger): CrashWatch {
  const suspects = new Map<string, Probe>();
  let previous: readonly Probe[] = [];
  /** The ledger process last seen running; `undefined` while it restarts. */
  let running = ledger.pid;

  return {
    async watch(probes, run) {
      await run();
      if (running !== undefined && !isRunning(running)) {
        // Its exit may be noticed only after the batch that caused it ended.
        for (const probe of [...previous, ...probes]) {
          suspects.set(JSON.stringify(probe.request), probe);
        }
        running = undefined;
      }
      running ??= ledger.pid;
      previous = probes;
    },
    async findCrashers(send) {
      const crashers: Probe[] = [];
      for (const probe of suspects.values()) {
        await waitForLedger(ledger);
        const pid = ledger.pid;
        await send(probe.request);
        await waitForLedger(ledger);
        if (ledger.pid !== pid) crashers.push(probe);
      }
      return crashers;
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until the ledger answers `eth_chainId` (it restarts within a few seconds). */
async function waitForLedger(ledger: TestLedger): Promise<void> {
  const deadline = Date.now() + LEDGER_WAIT_MS;
  while (Date.now() < deadline) {
    const status = await fetch(ledger.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    }).then(
      async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      },
      () => 0,
    );
    if (status === 200 && ledger.pid !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new TypeError(`The ledger did not come back within ${LEDGER_WAIT_MS} ms`);
}
