import type { FastifyInstance } from 'fastify';
import { toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { readRoutes } from '../../common/readRoutes.js';
import { collectionQuery } from '../../common/schemas.js';
import { HASH_ALGORITHM, HASH_ALGORITHM_ID, HASH_ALGORITHM_LIST } from '../schemas.js';
import { getHashAlgorithm, getHashAlgorithmIds, HASH_ALGORITHM_STATUS } from '../views.js';

const TAG = 'timestamp';

/**
 * `GET /hash-algorithms` and `GET /hash-algorithms/{id}`.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.6
 */
export function registerHashAlgorithmRoutes(app: FastifyInstance): void {
  const { item } = readRoutes(app, TAG);
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

  item<{ id: number }>(
    '/hash-algorithms/:id',
    {
      summary: 'One hash algorithm',
      params: { type: 'object', properties: { id: HASH_ALGORITHM_ID } },
      response: HASH_ALGORITHM,
    },
    async (scope, request) => {
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
