import { Pool } from 'undici';

/** A JSON-RPC answer as the embedded ledger's front sends it back: HTTP status and body text. */
export type FrontAnswer = { status: number; body: string };

const TIMEOUT_MS = 30_000;
/** Keep-alive connections to each running anvil, by URL (a restarted anvil has another port). */
const pools = new Map<string, Pool>();
/** When each anvil last answered a request sent through {@link postToAnvil}, by URL. */
const lastAnswers = new Map<string, number>();

function poolOf(anvilUrl: string): Pool {
  let pool = pools.get(anvilUrl);
  if (!pool) {
    pool = new Pool(anvilUrl, {
      connections: 32,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      keepAliveTimeout: 30_000,
    });
    pools.set(anvilUrl, pool);
  }
  return pool;
}

/** Closes the connections to an anvil that exited or stopped. */
export function forgetAnvil(anvilUrl: string): void {
  void pools.get(anvilUrl)?.destroy();
  pools.delete(anvilUrl);
  lastAnswers.delete(anvilUrl);
}

/**
 * Sends a JSON-RPC body to anvil as it is and returns its answer (503 when it does not answer).
 * A pool of keep-alive connections rather than `fetch`, which costs about 1.5 ms a request here.
 */
export async function postToAnvil(anvilUrl: string, body: string): Promise<FrontAnswer> {
  try {
    const response = await poolOf(anvilUrl).request({
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await response.body.text();
    lastAnswers.set(anvilUrl, performance.now());
    return { status: response.statusCode, body: text };
  } catch {
    return unavailable('did not answer');
  }
}

/**
 * Milliseconds since anvil last answered any request sent through {@link postToAnvil}
 * (`Infinity` before its first answer): a busy anvil answers something every so often, a hung
 * one nothing.
 */
export function silenceOf(anvilUrl: string): number {
  const last = lastAnswers.get(anvilUrl);
  return last === undefined ? Number.POSITIVE_INFINITY : performance.now() - last;
}

/** The answer while anvil cannot take a request: a JSON-RPC error, HTTP 503. */
export function unavailable(reason: string): FrontAnswer {
  return errorAnswer(503, -32603, `The embedded ledger ${reason}`);
}

/** The answer to a body over the front's limit: HTTP 413, with a JSON-RPC error as its body. */
export function tooLarge(limit: number): FrontAnswer {
  return errorAnswer(413, -32600, `Invalid request: the body is over ${limit / 1024 ** 2} MiB`);
}

/** The answer to a method reserved to the supervisor. */
export function refused(method: string): FrontAnswer {
  return errorAnswer(200, -32601, `"${method}" is reserved to the embedded ledger's supervisor`);
}

function errorAnswer(status: number, code: number, message: string): FrontAnswer {
  return {
    status,
    body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }),
  };
}
