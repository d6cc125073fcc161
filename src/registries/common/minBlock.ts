import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * `Min-Block: <number>` (decimal, or hex with `0x`) on a registry read: answer from that block
 * or a later one. A client that wrote through one node passes its receipt's `blockNumber` when it
 * reads at another, whose head may not have reached that block yet. A node extension: the spec
 * reads at the latest block and is silent on several nodes.
 * - Design: docs/operators.md ("Several nodes on one ledger")
 */
export const MIN_BLOCK_HEADER = 'min-block';

/** How long a read waits for the ledger to reach its `Min-Block` before answering 503. */
export const MIN_BLOCK_WAIT_MS = 2_000;

const MIN_BLOCK = /^(?:0|[1-9][0-9]{0,18}|0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,15}))$/;

/** The request headers a registry read accepts, as a route schema. */
export const MIN_BLOCK_HEADERS_SCHEMA = {
  type: 'object',
  properties: {
    [MIN_BLOCK_HEADER]: {
      type: 'string',
      pattern: MIN_BLOCK.source,
      description: `Answer from this block or a later one (decimal, or hex with 0x): the node waits up to ${MIN_BLOCK_WAIT_MS / 1000} s for its ledger to reach it, then answers 503 with Retry-After.`,
    },
  },
} as const;

/** The block a request's `Min-Block` names; `undefined` when it names none or is malformed. */
export function minBlockOf(request: Pick<FastifyRequest, 'headers'>): bigint | undefined {
  const value = request.headers[MIN_BLOCK_HEADER];
  return typeof value === 'string' && MIN_BLOCK.test(value) ? BigInt(value) : undefined;
}

/**
 * A `preHandler` hook: holds a read whose `Min-Block` the node's head has not reached until the
 * ledger reaches it (the read is then pinned at or above it), or until {@link MIN_BLOCK_WAIT_MS}.
 * @throws {BlockNotReachedError} when the ledger has not reached the block by then.
 */
export function awaitMinBlock(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const minBlock = minBlockOf(request);
    if (minBlock === undefined) return;
    if ((await app.heads.latest()).number >= minBlock) return;
    await app.heads.reach(minBlock, MIN_BLOCK_WAIT_MS);
  };
}
