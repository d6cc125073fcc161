import { errors, Pool } from 'undici';
import type { FuzzOutcome, FuzzRequest } from './fuzzRequest.js';
import { sendOverSocket } from './socketRequest.js';

const TIMEOUT_MS = 30_000;
/** What undici sends (lib/core/request.js); it refuses the rest, and its pool then stalls. */
const POOL_TARGET = /^\/[\u0021-\u00ff]*$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;

export type FuzzClient = {
  /** Sends one request and reads the whole answer; never throws. */
  send(request: FuzzRequest): Promise<FuzzOutcome>;
  close(): Promise<void>;
};

/**
 * An HTTP client for the fuzzer: a keep-alive pool of `connections` for what undici accepts to
 * send, a socket of its own for the rest (see {@link sendOverSocket}). A request the pool loses
 * its connection over (the server answered early and closed) is sent again over a socket.
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
      if (!fitsPool(request)) return sendOverSocket(request, origin);
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

/** Whether undici accepts to send the request as it is. */
function fitsPool(request: FuzzRequest): boolean {
  return (
    request.version === undefined &&
    request.rawHeaderLines === undefined &&
    TOKEN.test(request.method) &&
    POOL_TARGET.test(request.target) &&
    request.headers.every(([name, value]) => TOKEN.test(name) && FIELD_VALUE.test(value))
  );
}
