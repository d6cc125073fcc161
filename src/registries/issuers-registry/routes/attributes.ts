import type { FastifyInstance } from 'fastify';
import { toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { type CollectionQuery, readRoutes } from '../../common/readRoutes.js';
import { parseValidAtParameter } from '../../common/toValidAtTime.js';
import {
  ATTRIBUTE,
  ATTRIBUTE_PARAMS,
  ATTRIBUTE_QUERY,
  ID_LIST,
  ISSUER_PARAMS,
  REVISION_LIST,
  REVISION_PARAMS,
  VERSIONED_COLLECTION_QUERY,
} from '../schemas.js';
import { toAttributeObject } from '../toAttributeObject.js';
import { toHexId } from '../toHexId.js';
import {
  getAttribute,
  getAttributeAt,
  getAttributeIds,
  getRevision,
  getRevisionIds,
} from '../views.js';

type VersionedCollectionQuery = CollectionQuery & { version?: 'latest' | 'deprecated' };
type AttributeQuery = { contractAddress?: string; 'valid-at'?: string };
const TAG = 'issuers-registry';

/**
 * The attributes of an issuer and their revisions, nested under `/issuers/{did}`. Attribute and
 * revision ids are `0x` + 64 hex digits on output; input may omit the `0x`. An attribute may
 * also be named by any of its revision ids (the contract's rule); links use its attribute id.
 * `valid-at` on an attribute answers the revision that was its latest then (404 `Revision` when
 * it had none yet). `version=deprecated` on the revision list puts full revisions (`AttributeObject`) in `items`
 * instead of `{ id, href }`, paginated the same way.
 * - Spec: SPEC.md §2.10, §4.1, §9.6; reference/read-api.md §1.5, §3.3
 */
export function registerAttributeRoutes(app: FastifyInstance): void {
  const { list, item } = readRoutes(app, TAG);
  list('/issuers/:did/attributes', 'id', getAttributeIds, {
    summary: 'Attributes of an issuer, oldest first',
    params: ISSUER_PARAMS,
    response: ID_LIST,
  });

  app.get<{ Params: { did: string; id: string }; Querystring: AttributeQuery }>(
    '/issuers/:did/attributes/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'One attribute: its latest revision, or the one that was latest at a time',
        params: ATTRIBUTE_PARAMS,
        querystring: ATTRIBUTE_QUERY,
        response: ATTRIBUTE,
      },
    },
    async function attribute(request) {
      const at = parseValidAtParameter(request.query['valid-at']);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { did } = request.params;
      const id = toHexId(request.params.id);
      const revision =
        at === undefined
          ? await getAttribute(scope.reader, scope.address, did, id)
          : await getAttributeAt(scope.reader, scope.address, did, id, at);
      return { did, attribute: toAttributeObject(revision) };
    },
  );

  app.get<{ Params: { did: string; id: string }; Querystring: VersionedCollectionQuery }>(
    '/issuers/:did/attributes/:id/revisions',
    {
      schema: {
        tags: [TAG],
        summary: 'Revisions of an attribute, oldest first',
        params: ATTRIBUTE_PARAMS,
        querystring: VERSIONED_COLLECTION_QUERY,
        response: REVISION_LIST,
      },
    },
    async function revisions(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { did } = request.params;
      const { version } = request.query;
      const id = toHexId(request.params.id);
      const page = toPageRequest(request.query);
      const { items, total } = await getRevisionIds(scope.reader, scope.address, did, id, page);
      const segments = ['issuers', did, 'attributes', id, 'revisions'];
      if (version === 'deprecated') {
        const full = await Promise.all(
          items.map((revId) => getRevision(scope.reader, scope.address, did, id, revId)),
        );
        return scope.collection(segments, page, total, full.map(toAttributeObject), { version });
      }
      const links = items.map((revId) => ({ id: revId, href: scope.href(...segments, revId) }));
      return scope.collection(segments, page, total, links, { version });
    },
  );

  item<{ did: string; id: string; revId: string }>(
    '/issuers/:did/attributes/:id/revisions/:revId',
    { summary: 'One revision of an attribute', params: REVISION_PARAMS, response: ATTRIBUTE },
    async (scope, request) => {
      const { did } = request.params;
      const found = await getRevision(
        scope.reader,
        scope.address,
        did,
        toHexId(request.params.id),
        toHexId(request.params.revId),
      );
      return { did, attribute: toAttributeObject(found) };
    },
  );
}
