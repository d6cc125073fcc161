import type { FastifyInstance } from 'fastify';
import { openReadScope } from '../../common/openReadScope.js';
import { readRoutes } from '../../common/readRoutes.js';
import { ITEM_QUERY } from '../../common/schemas.js';
import { getTimestampTransactionHash } from '../getTimestampTransactionHash.js';
import { toHashMultibase, toTimestampIdMultibase } from '../ids.js';
import { TIMESTAMP, TIMESTAMP_ID, TIMESTAMP_LIST } from '../schemas.js';
import { getHashAlgorithm, getTimestamp, getTimestampIds } from '../views.js';
import { parseTimestampId } from './parseIdParameter.js';

const TAG = 'timestamp';

/**
 * `GET /timestamps` and `GET /timestamps/{timestampId}`.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.6
 */
export function registerTimestampRoutes(app: FastifyInstance): void {
  const { list } = readRoutes(app, TAG);
  list('/timestamps', 'timestampId', getTimestampIds, {
    summary: 'Timestamps, in timestamping order',
    response: TIMESTAMP_LIST,
    toId: toTimestampIdMultibase,
  });

  app.get<{ Params: { timestampId: string }; Querystring: { contractAddress?: string } }>(
    '/timestamps/:timestampId',
    {
      schema: {
        tags: [TAG],
        summary: 'One timestamp',
        params: { type: 'object', properties: { timestampId: TIMESTAMP_ID } },
        querystring: ITEM_QUERY,
        response: TIMESTAMP,
      },
    },
    async function timestamp(request) {
      const id = parseTimestampId(request.params.timestampId);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const stored = await getTimestamp(scope.reader, scope.address, id);
      const [algorithm, transactionHash] = await Promise.all([
        getHashAlgorithm(scope.reader, scope.address, stored.hashAlgorithmId),
        getTimestampTransactionHash(this.ledger, scope.address, id, stored.blockNumber),
      ]);
      return {
        timestampId: toTimestampIdMultibase(id),
        hash: toHashMultibase(stored.hashValue, algorithm.multiHash),
        hashAlgorithmId: Number(stored.hashAlgorithmId),
        timestampedBy: stored.timestampedBy,
        blockNumber: Number(stored.blockNumber),
        timestamp: new Date(Number(stored.blockTimestamp) * 1000).toISOString(),
        data: stored.data,
        transactionHash: transactionHash ?? null,
      };
    },
  );
}
