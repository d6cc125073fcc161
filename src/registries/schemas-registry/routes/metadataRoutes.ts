import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { collectionQuery, ITEM_QUERY } from '../../common/schemas.js';
import { toSchemaIdMultibase } from '../ids.js';
import {
  documentResponse,
  METADATA_ID,
  METADATA_LIST,
  REVISION_ID,
  SCHEMA_ID,
} from '../schemas.js';
import { getRevisionMetadata, getRevisionMetadataIds } from '../views.js';
import { parseSchemaId } from './parseSchemaId.js';
import { METADATA_TYPES, toDocument } from './toDocument.js';

const TAG = 'schemas-registry';
const PARAMS = { schemaId: SCHEMA_ID, revId: REVISION_ID } as const;

type RevisionParams = { schemaId: string; revId: string };

/**
 * `GET /schemas/{schemaId}/revisions/{revId}/metadata` and `…/metadata/{metaId}` (the document).
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.5
 */
export function registerMetadataRoutes(app: FastifyInstance): void {
  app.get<{
    Params: RevisionParams;
    Querystring: { 'page[after]'?: number; 'page[size]'?: number; contractAddress?: string };
  }>(
    '/schemas/:schemaId/revisions/:revId/metadata',
    {
      schema: {
        tags: [TAG],
        summary: 'Metadata documents of a revision, oldest first',
        params: { type: 'object', properties: PARAMS },
        querystring: collectionQuery(),
        response: METADATA_LIST,
      },
    },
    async function metadataList(request) {
      const schemaId = parseSchemaId(request.params.schemaId);
      const revisionId = request.params.revId.toLowerCase() as Hex;
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { reader, address } = scope;
      const { items, total } = await getRevisionMetadataIds(
        reader,
        address,
        schemaId,
        revisionId,
        page,
      );
      const path = ['schemas', toSchemaIdMultibase(schemaId), 'revisions', revisionId, 'metadata'];
      const links = items.map((metadataId) => ({
        metadataId,
        href: scope.href(...path, metadataId),
      }));
      return scope.collection(path, page, total, links);
    },
  );

  app.get<{
    Params: RevisionParams & { metaId: string };
    Querystring: { contractAddress?: string };
  }>(
    '/schemas/:schemaId/revisions/:revId/metadata/:metaId',
    {
      config: { produces: METADATA_TYPES },
      schema: {
        tags: [TAG],
        summary: 'One metadata document of a revision',
        description:
          'The stored document as JSON (application/json, or application/ld+json when preferred); as application/octet-stream when asked for, or when it is not UTF-8 JSON and Accept allows bytes (otherwise 406)',
        params: { type: 'object', properties: { ...PARAMS, metaId: METADATA_ID } },
        querystring: ITEM_QUERY,
        response: documentResponse(
          ['application/json', 'application/ld+json'],
          'The metadata document',
        ),
      },
    },
    async function metadata(request, reply) {
      const schemaId = parseSchemaId(request.params.schemaId);
      const revisionId = request.params.revId.toLowerCase() as Hex;
      const metadataId = request.params.metaId.toLowerCase() as Hex;
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { reader, address } = scope;
      const bytes = await getRevisionMetadata(reader, address, schemaId, revisionId, metadataId);
      return toDocument(request, reply, bytes, `Metadata ${metadataId} of revision ${revisionId}`);
    },
  );
}
