import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { parameterProblem, validationProblem } from '../../../errors/problem.js';
import { toOffset, toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { collectionQuery, ITEM_QUERY } from '../../common/schemas.js';
import { toSchemaIdMultibase } from '../ids.js';
import {
  documentResponse,
  REVISION_FILTERS,
  REVISION_ID,
  REVISION_LIST,
  SCHEMA_ID,
} from '../schemas.js';
import { toValidAtDate } from '../validAt.js';
import { getSchemaRevision, getSchemaRevisionIds, getSchemaRevisionIdsValidAt } from '../views.js';
import { parseSchemaId } from './parseSchemaId.js';
import { DOCUMENT_TYPES, toDocument } from './toDocument.js';

const TAG = 'schemas-registry';

type RevisionsQuery = {
  'page[after]'?: number;
  'page[size]'?: number;
  contractAddress?: string;
  version?: 'latest' | 'deprecated';
  'valid-at'?: string;
};

/**
 * `GET /schemas/{schemaId}/revisions` (with the temporary `version=deprecated` form, the only one
 * taking `valid-at`) and `GET /schemas/{schemaId}/revisions/{revId}` (the revision's document).
 * - Spec: SPEC.md §4.1, §9.6; reference/read-api.md §1.5, §3.5
 */
export function registerRevisionRoutes(app: FastifyInstance): void {
  app.get<{ Params: { schemaId: string }; Querystring: RevisionsQuery }>(
    '/schemas/:schemaId/revisions',
    {
      schema: {
        tags: [TAG],
        summary: 'Revisions of a schema, oldest first',
        description:
          'Both forms list { schemaRevisionId, href }. version=deprecated restores the earlier read, whose only difference is that it accepts valid-at: it then lists, paginated, the revisions valid at that instant according to their latest metadata. valid-at without version=deprecated is a validation error naming valid-at and version',
        params: { type: 'object', properties: { schemaId: SCHEMA_ID } },
        querystring: collectionQuery(REVISION_FILTERS),
        response: REVISION_LIST,
      },
    },
    async function revisions(request) {
      const { version, 'valid-at': validAtValue } = request.query;
      const validAt = parseValidAt(validAtValue, version);
      const schemaId = parseSchemaId(request.params.schemaId);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      let ids: Hex[];
      let total: number | bigint;
      if (validAt === undefined) {
        const revisions = await getSchemaRevisionIds(scope.reader, scope.address, schemaId, page);
        ({ items: ids, total } = revisions);
      } else {
        const { reader, address } = scope;
        const valid = await getSchemaRevisionIdsValidAt(reader, address, schemaId, validAt);
        ids = valid.slice(toOffset(page), toOffset(page) + page.size);
        total = valid.length;
      }
      const path = ['schemas', toSchemaIdMultibase(schemaId), 'revisions'];
      const links = ids.map((schemaRevisionId) => ({
        schemaRevisionId,
        href: scope.href(...path, schemaRevisionId),
      }));
      return scope.collection(path, page, total, links, { 'valid-at': validAtValue, version });
    },
  );

  app.get<{
    Params: { schemaId: string; revId: string };
    Querystring: { contractAddress?: string };
  }>(
    '/schemas/:schemaId/revisions/:revId',
    {
      config: { produces: DOCUMENT_TYPES },
      schema: {
        tags: [TAG],
        summary: 'The schema document of one revision',
        description:
          'The stored document as JSON; as application/octet-stream when asked for, or when it is not UTF-8 JSON and Accept allows bytes (otherwise 406)',
        params: { type: 'object', properties: { schemaId: SCHEMA_ID, revId: REVISION_ID } },
        querystring: ITEM_QUERY,
        response: documentResponse(['application/json'], 'The schema document of the revision'),
      },
    },
    async function revision(request, reply) {
      const schemaId = parseSchemaId(request.params.schemaId);
      const revisionId = request.params.revId.toLowerCase() as Hex;
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { schema } = await getSchemaRevision(scope.reader, scope.address, schemaId, revisionId);
      const label = `Revision ${revisionId} of schema ${toSchemaIdMultibase(schemaId)}`;
      return toDocument(request, reply, schema, label);
    },
  );
}

/**
 * The instant of `valid-at`, which only the deprecated form of the revisions read accepts.
 * - Spec: SPEC.md §9.6
 * @throws {ProblemError} 400 `validation-error` naming `valid-at` and `version` when `version` is
 *   not `deprecated`, or `valid-at` alone when it is not a date or date-time.
 */
function parseValidAt(value: string | undefined, version: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  if (version !== 'deprecated') {
    throw validationProblem([
      {
        parameter: 'valid-at',
        detail: 'Parameter "valid-at" is only accepted together with "version" set to "deprecated"',
      },
      {
        parameter: 'version',
        detail: 'Parameter "version" must be "deprecated" when "valid-at" is given',
      },
    ]);
  }
  const validAt = toValidAtDate(value);
  if (validAt === undefined) {
    throw parameterProblem(
      'valid-at',
      'Parameter "valid-at" must be a date (YYYY-MM-DD) or an RFC 3339 date-time with an offset',
    );
  }
  return validAt;
}
