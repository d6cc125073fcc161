import type { FastifyInstance } from 'fastify';
import { openReadScope } from '../../common/openReadScope.js';
import { readRoutes } from '../../common/readRoutes.js';
import { ITEM_QUERY } from '../../common/schemas.js';
import { toSchemaIdMultibase } from '../ids.js';
import { documentResponse, SCHEMA_ID, SCHEMA_LIST } from '../schemas.js';
import { getSchema, getSchemaIds } from '../views.js';
import { parseSchemaId } from './parseSchemaId.js';
import { DOCUMENT_TYPES, toDocument } from './toDocument.js';

const TAG = 'schemas-registry';

/**
 * `GET /schemas` (ids as base58btc multibase) and `GET /schemas/{schemaId}` (the latest revision's
 * document).
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.5
 */
export function registerSchemaRoutes(app: FastifyInstance): void {
  const { list } = readRoutes(app, TAG);
  list('/schemas', 'schemaId', getSchemaIds, {
    summary: 'Schemas, in registration order',
    response: SCHEMA_LIST,
    toId: toSchemaIdMultibase,
  });

  app.get<{ Params: { schemaId: string }; Querystring: { contractAddress?: string } }>(
    '/schemas/:schemaId',
    {
      config: { produces: DOCUMENT_TYPES },
      schema: {
        tags: [TAG],
        summary: "The schema document of a schema's latest revision",
        description:
          'The stored document as JSON; as application/octet-stream when asked for, or when it is not UTF-8 JSON and Accept allows bytes (otherwise 406)',
        params: { type: 'object', properties: { schemaId: SCHEMA_ID } },
        querystring: ITEM_QUERY,
        response: documentResponse(['application/json'], 'The latest revision of the schema'),
      },
    },
    async function schema(request, reply) {
      const schemaId = parseSchemaId(request.params.schemaId);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { schema, latestRevisionId } = await getSchema(scope.reader, scope.address, schemaId);
      const label = `Revision ${latestRevisionId} of schema ${toSchemaIdMultibase(schemaId)}`;
      return toDocument(request, reply, schema, label);
    },
  );
}
