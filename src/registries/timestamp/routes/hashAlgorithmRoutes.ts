import type { FastifyInstance } from 'fastify';
import { toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { collectionQuery, ITEM_QUERY } from '../../common/schemas.js';
import { HASH_ALGORITHM, HASH_ALGORITHM_ID, HASH_ALGORITHM_LIST } from '../schemas.js';
import { getHashAlgorithm, getHashAlgorithmIds, HASH_ALGORITHM_STATUS } from '../views.js';

const TAG = 'timestamp';

/**
 * `GET /hash-algorithms` and `GET /hash-algorithms/{id}`.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.6
 */
export function registerHashAlgorithmRoutes(app: FastifyInstance): void {
  app.get<{
    Querystring: { 'page[after]'?: number; 'page[size]'?: number; contractAddress?: string };
  }>(
    '/hash-algorithms',
    {
      schema: {
        tags: [TAG],
        summary: 'Hash algorithms, in insertion order',
        querystring: collectionQuery(),
        response: HASH_ALGORITHM_LIST,
      },
    },
    async function hashAlgorithms(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getHashAlgorithmIds(scope.reader, scope.address, page);
      const links = items.map((id) => ({
        hashAlgorithmId: Number(id),
        href: scope.href('hash-algorithms', id.toString()),
      }));
      return scope.collection(['hash-algorithms'], page, total, links);
    },
  );

  app.get<{ Params: { id: number }; Querystring: { contractAddress?: string } }>(
    '/hash-algorithms/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'One hash algorithm',
        params: { type: 'object', properties: { id: HASH_ALGORITHM_ID } },
        querystring: ITEM_QUERY,
        response: HASH_ALGORITHM,
      },
    },
    async function hashAlgorithm(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const algorithm = await getHashAlgorithm(
        scope.reader,
        scope.address,
        BigInt(request.params.id),
      );
      return {
        hashAlgorithmId: Number(algorithm.hashAlgorithmId),
        ianaName: algorithm.ianaName,
        multihash: algorithm.multiHash,
        oid: algorithm.oid,
        outputLengthBits: Number(algorithm.outputLength),
        status: HASH_ALGORITHM_STATUS[algorithm.status as keyof typeof HASH_ALGORITHM_STATUS],
      };
    },
  );
}
