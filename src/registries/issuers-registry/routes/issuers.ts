import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { MAX_PAGE_SIZE } from '../../../http/pagination.js';
import type { BlockReader } from '../../../ledger/createChainReader.js';
import { openReadScope } from '../../common/openReadScope.js';
import { readRoutes } from '../../common/readRoutes.js';
import { ISSUER, ISSUER_LIST, ISSUER_PARAMS, VERSIONED_ITEM_QUERY } from '../schemas.js';
import { type AttributeObject, toAttributeObject } from '../toAttributeObject.js';
import { getAttribute, getAttributeIds, getIssuer, getIssuerDids } from '../views.js';

type VersionedItemQuery = { contractAddress?: string; version?: 'latest' | 'deprecated' };
const TAG = 'issuers-registry';

/**
 * `GET /issuers` and `GET /issuers/{did}`, whose `version=deprecated` restores the earlier body
 * `{ did, attributes: AttributeObject[] }` (every attribute, latest revision, oldest first).
 * - Spec: SPEC.md §2.10, §4.1, §9.6; reference/read-api.md §1.5, §3.3
 */
export function registerIssuerRoutes(app: FastifyInstance): void {
  const { list } = readRoutes(app, TAG);
  list('/issuers', 'did', getIssuerDids, {
    summary: 'Issuers, in the order they became issuers',
    response: ISSUER_LIST,
  });

  app.get<{ Params: { did: string }; Querystring: VersionedItemQuery }>(
    '/issuers/:did',
    {
      schema: {
        tags: [TAG],
        summary: 'One issuer',
        params: ISSUER_PARAMS,
        querystring: VERSIONED_ITEM_QUERY,
        response: ISSUER,
      },
    },
    async function issuer(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { did } = request.params;
      const { hasAttributes, totalAttributes } = await getIssuer(scope.reader, scope.address, did);
      if (request.query.version === 'deprecated') {
        const attributes = await getLatestRevisions(
          scope.reader,
          scope.address,
          did,
          totalAttributes,
        );
        return { did, attributes };
      }
      return { did, attributes: scope.href('issuers', did, 'attributes'), hasAttributes };
    },
  );
}

/** The latest revision of every attribute of `did`, reading every page of ids at once. */
async function getLatestRevisions(
  reader: BlockReader,
  address: Address,
  did: string,
  total: bigint,
): Promise<AttributeObject[]> {
  const pages = Math.ceil(Number(total) / MAX_PAGE_SIZE);
  const ids = await Promise.all(
    Array.from({ length: pages }, (_, i) =>
      getAttributeIds(reader, address, did, { page: i + 1, size: MAX_PAGE_SIZE }),
    ),
  );
  const revisions = await Promise.all(
    ids.flatMap(({ items }) => items).map((id) => getAttribute(reader, address, did, id)),
  );
  return revisions.map(toAttributeObject);
}
