import type { FastifyInstance } from 'fastify';
import { toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { collectionQuery, ITEM_QUERY } from '../../common/schemas.js';
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
  app.get<{
    Querystring: { 'page[after]'?: number; 'page[size]'?: number; contractAddress?: string };
  }>(
    '/timestamps',
    {
      schema: {
        tags: [TAG],
        summary: 'Timestamps, in timestamping order',
        querystring: collectionQuery(),
        response: TIMESTAMP_LIST,
      },
    },
    async function timestamps(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getTimestampIds(scope.reader, scope.address, page);
      const links = items.map((id) => {
        const timestampId = toTimestampIdMultibase(id);
        return { timestampId, href: scope.href('timestamps', timestampId) };
      });
      return scope.collection(['timestamps'], page, total, links);
    },
  );

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
