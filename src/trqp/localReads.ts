import type { FastifyInstance } from 'fastify';
import { createCoreClient } from '../client/createCoreClient.js';
import {
  createRegistryReads,
  type Read,
  type RegistryReads,
} from '../client/verify/createRegistryReads.js';
import { statusProblem } from '../errors/problem.js';

/** The base URL the node's own reads are made under; only their paths reach the node. */
const SELF = 'http://node.invalid';

/**
 * The verifier's reads of the node's own REST API, answered in process (`inject`): the very
 * routes, caches and views a relying party reads, so that a TRQP answer and `verifyCredential`
 * see the same data through the same code. Unlike the verifier's, a read the node could not make
 * (its ledger away, a timeout) throws a 503: an outage must not answer "not authorised".
 * @param headers Sent with each read (the query's `Min-Block`).
 */
export function createLocalReads(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): RegistryReads {
  const local: typeof fetch = async (input, init) => {
    const { pathname, search } = new URL(String(input));
    const response = await app.inject({
      method: 'GET',
      url: `${pathname}${search}`,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), ...headers },
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? '') },
    });
  };
  const reads = createRegistryReads(createCoreClient({ baseUrl: SELF, fetch: local }), local);
  return {
    get: async (path) => available(await reads.get(path)),
    collect: async (path) => available(await reads.collect(path)),
    getText: async (path, accept) => available(await reads.getText(path, accept)),
  };
}

/** A read that answered (found or not), or the 503 of one the node could not make. */
function available<T>(read: Read<T>): Read<T> {
  if (read.ok || (read.status !== undefined && read.status < 500)) return read;
  throw statusProblem(503, `The registries could not be read: ${read.reason}`);
}
