import { errors, Pool } from 'undici';
import { type FuzzOutcome, type FuzzRequest, isWellFormed } from './fuzzRequest.js';
import { sendOverSocket } from './socketRequest.js';

const TIMEOUT_MS = 30_000;

export type FuzzClient = {
  /** Sends one request and reads the whole answer; never throws. */
  send(request: FuzzRequest): Promise<FuzzOutcome>;
  close(): Promise<void>;
};

/**
 * An HTTP client for the fuzzer: a keep-alive pool of `connections` for well-formed requests, a
 * socket of its own for the rest (see {@link sendOverSocket}); undici refuses those, and its pool
 * then stalls. A request the pool loses its connection over (the server answered early and
 * closed) is sent again over a socket.
 */
export function createFuzzClient(baseUrl: string, connections: number): FuzzClient {
  const origin = new URL(baseUrl);
  const pool = new Pool(origin, {
    connections,
    pipelining: 1,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });

  async function overPool(request: FuzzRequest): Promise<FuzzOutcome> {
    const { statusCode, headers, body } = await pool.request({
      method: request.method,
      path: request.target,
      headers: request.headers.flat(),
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const flat = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, String(value)]),
    );
    return { response: { status: statusCode, headers: flat, body: await body.text() } };
  }

  return {
    async send(request) {
      if (!isWellFormed(request)) return sendOverSocket(request, origin);
      try {
        return await overPool(request);
      } catch (error) {
        if (error instanceof errors.InvalidArgumentError) return sendOverSocket(request, origin);
        const retried = await sendOverSocket(request, origin);
        return 'response' in retried
          ? retried
          : { failure: `${(error as Error).message}; over a socket: ${retried.failure}` };
      }
    },
    close: () => pool.close(),
  };
}
