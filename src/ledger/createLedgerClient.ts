import { Pool } from 'undici';
import {
  BlockStateGoneError,
  LedgerRequestError,
  LedgerUnavailableError,
} from '../errors/ledger.js';
import { isStateGone } from './isStateGone.js';
import { type LedgerCall, type LedgerOutcome, toLedgerOutcome } from './jsonRpc.js';

/** Observes each HTTP round trip to the ledger (metrics). */
export type LedgerObserver = (method: string, seconds: number, ok: boolean) => void;

/** A JSON-RPC body's answer as the ledger sent it: HTTP status and body text. */
export type LedgerAnswer = { status: number; body: string };

/**
 * Carries one JSON-RPC body to the ledger and brings its answer back. HTTP by default; a node
 * that runs the embedded ledger hands its calls to the ledger's handler in the same process.
 */
export type LedgerTransport = {
  send(body: string): Promise<LedgerAnswer>;
  /**
   * Milliseconds the ledger has held calls back in its ordinary work so far (anvil answers
   * nothing while it mines a block or dumps a checkpoint, and both take longer as the state
   * grows): a count that only grows. A call's deadline moves on by what it grew while the call
   * waited; a ledger that is hung, not busy, still misses it.
   */
  stalledMs?(): number;
  /**
   * Milliseconds since the ledger last answered any call. A call past its deadline waits on
   * while the ledger answers others within the deadline: it is overloaded, not hung, and its
   * calls slow down rather than fail.
   */
  silentMs?(): number;
};

export type CreateLedgerClientParameters = {
  /** JSON-RPC endpoint of the ledger node (http or https). */
  url: string;
  /**
   * Carries the calls instead of HTTP to `url` (which then only names the ledger). Deadlines,
   * the circuit breaker and the observer apply as they do to HTTP.
   */
  transport?: LedgerTransport | undefined;
  /** Time allowed for the ledger to answer one request, in milliseconds. */
  timeoutMs?: number;
  /** Keep-alive connections kept open to the ledger. */
  connections?: number;
  observe?: LedgerObserver;
  /**
   * Told once when the ledger stops answering and once when it answers again (one log line per
   * change, not one per request).
   */
  onHealthChange?: (state: 'down' | 'up', cause?: unknown) => void;
};

/** Consecutive transport failures that mark the ledger down. */
const FAILURES_TO_OPEN = 3;

/**
 * A JSON-RPC client for the ledger node: HTTP with keep-alive and timeouts, single and batch
 * calls. Standard JSON-RPC only, so that Besu and the embedded ledger behave the same.
 * - Design: DESIGN.md §1
 */
export type LedgerClient = {
  readonly url: string;
  /** False while the circuit breaker is open (the ledger stopped answering). */
  readonly available: boolean;
  /**
   * Calls one method and returns its result.
   * @throws {LedgerRequestError} when the ledger answers with an error object.
   * @throws {BlockStateGoneError} when the ledger no longer holds the state of the block asked.
   * @throws {LedgerUnavailableError} when the ledger cannot be reached or answers garbage.
   */
  request<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  /**
   * Sends calls in one round trip (a single request for one call, a batch otherwise) and
   * returns one outcome per call, in order.
   * @throws {LedgerUnavailableError} when the ledger cannot be reached or answers garbage.
   */
  send(calls: readonly LedgerCall[]): Promise<LedgerOutcome[]>;
  close(): Promise<void>;
};

/** Creates a {@link LedgerClient}. */
export function createLedgerClient(parameters: CreateLedgerClientParameters): LedgerClient {
  const { url, timeoutMs = 30_000, connections = 16, observe, onHealthChange } = parameters;
  // A circuit breaker: a hung ledger must not pile up requests, each waiting its deadline. A
  // single slow call (an eth_call that runs long) does not open it, nor does a refused
  // connection (that fails fast by itself). While it is open, one request at a time probes the
  // ledger and the others fail at once; the first answer closes it.
  let failures = 0;
  let down = false;
  let hung = false;
  let probing = false;

  /** Whether this request is the probe; throws when the breaker is open and a probe runs. */
  function admit(): boolean {
    if (!down || !hung) return false;
    if (probing) throw new LedgerUnavailableError({ cause: 'the ledger does not answer' });
    probing = true;
    return true;
  }

  function succeeded(): void {
    failures = 0;
    if (!down) return;
    down = false;
    onHealthChange?.('up');
  }

  function failed(cause: unknown): void {
    failures += 1;
    hung = isTimeout(cause);
    if (down || failures < FAILURES_TO_OPEN) return;
    down = true;
    onHealthChange?.('down', cause);
  }
  const http = parameters.transport
    ? undefined
    : createHttpTransport(url, { connections, timeoutMs });
  const carry = parameters.transport
    ? withDeadline(parameters.transport, timeoutMs)
    : (http as HttpTransport).send;

  async function post(label: string, payload: unknown): Promise<unknown> {
    const probe = admit();
    const started = performance.now();
    let ok = false;
    try {
      const answer = await carry(JSON.stringify(payload));
      // Besu and anvil answer JSON-RPC errors with 200; anything else is a transport failure.
      if (answer.status !== 200) {
        throw new Error(`HTTP ${answer.status} from the ledger`);
      }
      const parsed: unknown = JSON.parse(answer.body);
      ok = true;
      succeeded();
      return parsed;
    } catch (cause) {
      failed(cause);
      throw new LedgerUnavailableError({ cause });
    } finally {
      if (probe) probing = false;
      observe?.(label, (performance.now() - started) / 1000, ok);
    }
  }

  async function send(calls: readonly LedgerCall[]): Promise<LedgerOutcome[]> {
    if (calls.length === 0) return [];
    if (calls.length === 1) {
      const [call] = calls as [LedgerCall];
      const outcome = toLedgerOutcome(
        await post(call.method, {
          jsonrpc: '2.0',
          id: 1,
          method: call.method,
          params: call.params,
        }),
      );
      if (!outcome) throw new LedgerUnavailableError({ cause: 'malformed ledger response' });
      return [outcome];
    }
    const body = calls.map((call, id) => ({
      jsonrpc: '2.0',
      id,
      method: call.method,
      params: call.params,
    }));
    const responses = await post('batch', body);
    if (!Array.isArray(responses)) {
      // A ledger that refuses a whole batch with one error object may still take its calls one
      // by one: each then gets its own answer, and one bad call fails only itself.
      const refusal = toLedgerOutcome(responses);
      if (refusal && 'error' in refusal) return sendEachAlone(calls);
      throw new LedgerUnavailableError({ cause: responses });
    }
    const outcomes: (LedgerOutcome | undefined)[] = new Array(calls.length);
    for (const response of responses) {
      const id = (response as { id?: unknown } | null)?.id;
      if (typeof id === 'number' && id >= 0 && id < calls.length) {
        outcomes[id] = toLedgerOutcome(response);
      }
    }
    return outcomes.map((outcome) => {
      if (!outcome) throw new LedgerUnavailableError({ cause: 'batch response incomplete' });
      return outcome;
    });
  }

  async function sendEachAlone(calls: readonly LedgerCall[]): Promise<LedgerOutcome[]> {
    const outcomes = await Promise.all(calls.map((call) => send([call])));
    return outcomes.map(([outcome]) => outcome as LedgerOutcome);
  }

  return {
    url,
    get available() {
      return !down;
    },
    send,
    async request<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      const [outcome] = (await send([{ method, params }])) as [LedgerOutcome];
      if ('error' in outcome) throw toRequestError(method, outcome.error);
      return outcome.result as T;
    },
    async close() {
      await http?.close();
    },
  };
}

type HttpTransport = { send: LedgerTransport['send']; close(): Promise<void> };

/** JSON-RPC over HTTP(S) with keep-alive: one deadline per call, queueing included. */
function createHttpTransport(
  url: string,
  { connections, timeoutMs }: { connections: number; timeoutMs: number },
): HttpTransport {
  const endpoint = new URL(url);
  const path = `${endpoint.pathname}${endpoint.search}`;
  const pool = new Pool(endpoint.origin, {
    connections,
    pipelining: 1,
    connectTimeout: Math.min(timeoutMs, 5_000),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 30_000,
  });
  return {
    async send(body) {
      const response = await pool.request({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.statusCode, body: await response.body.text() };
    },
    close: () => pool.close(),
  };
}

/**
 * A transport's `send` whose calls fail with a `TimeoutError` once they have waited `timeoutMs`
 * beyond the stalls the transport reported meanwhile, and the transport has answered no call
 * for `timeoutMs` either.
 */
function withDeadline(transport: LedgerTransport, timeoutMs: number): LedgerTransport['send'] {
  const stalled = () => transport.stalledMs?.() ?? 0;
  const silent = () => transport.silentMs?.() ?? Number.POSITIVE_INFINITY;
  return (body) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const stalledBefore = stalled();
      let timer: NodeJS.Timeout;
      const check = () => {
        const waited = performance.now() - started - Math.max(0, stalled() - stalledBefore);
        const quiet = silent();
        if (waited >= timeoutMs && quiet >= timeoutMs) {
          reject(new DOMException('The ledger did not answer in time', 'TimeoutError'));
        } else timer = setTimeout(check, Math.max(timeoutMs - Math.min(waited, quiet), 10));
      };
      timer = setTimeout(check, timeoutMs);
      transport.send(body).then(
        (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

/**
 * The error of a call the ledger refused: a block whose state is gone is not a fact about the
 * chain, and is asked again at the new head (BlockStateGoneError); anything else is the ledger's.
 */
export function toRequestError(
  method: string,
  error: { code: number; message: string; data?: unknown },
): LedgerRequestError | BlockStateGoneError {
  const refused = new LedgerRequestError(method, error);
  return isStateGone(error) ? new BlockStateGoneError({ cause: refused }) : refused;
}

/** Whether a transport failure is a deadline that passed (as opposed to a refused connection). */
function isTimeout(cause: unknown): boolean {
  const { name, code } = (cause ?? {}) as { name?: unknown; code?: unknown };
  return (
    name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}
