import type { FastifyInstance } from 'fastify';
import { toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { collectionQuery, ITEM_QUERY } from '../../common/schemas.js';
import { toRecordIdMultibase } from '../ids.js';
import { RECORD_ID, VERSION, VERSION_ID, VERSION_LIST } from '../schemas.js';
import { toVersionInfo } from '../versionInfo.js';
import { getRecordVersion, getRecordVersionIds } from '../views.js';
import { parseRecordId } from './parseIdParameter.js';

const TAG = 'timestamp';

/**
 * `GET /records/{recordId}/versions` and `GET /records/{recordId}/versions/{versionId}`.
 * - Spec: SPEC.md §4.1; DESIGN.md §7 (nested paths); reference/read-api.md §3.6
 */
export function registerVersionRoutes(app: FastifyInstance): void {
  app.get<{
    Params: { recordId: string };
    Querystring: { 'page[after]'?: number; 'page[size]'?: number; contractAddress?: string };
  }>(
    '/records/:recordId/versions',
    {
      schema: {
        tags: [TAG],
        summary: 'Versions of a record, 0-based',
        params: { type: 'object', properties: { recordId: RECORD_ID } },
        querystring: collectionQuery(),
        response: VERSION_LIST,
      },
    },
    async function versions(request) {
      const recordId = parseRecordId(request.params.recordId);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getRecordVersionIds(
        scope.reader,
        scope.address,
        recordId,
        page,
      );
      const path = ['records', toRecordIdMultibase(recordId), 'versions'];
      const links = items.map((id) => ({
        versionId: Number(id),
        href: scope.href(...path, id.toString()),
      }));
      return scope.collection(path, page, total, links);
    },
  );

  app.get<{
    Params: { recordId: string; versionId: number };
    Querystring: { contractAddress?: string };
  }>(
    '/records/:recordId/versions/:versionId',
    {
      schema: {
        tags: [TAG],
        summary: 'One version of a record: its hash values and infos',
        params: { type: 'object', properties: { recordId: RECORD_ID, versionId: VERSION_ID } },
        querystring: ITEM_QUERY,
        response: VERSION,
      },
    },
    async function version(request) {
      const recordId = parseRecordId(request.params.recordId);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { hashValues, infos } = await getRecordVersion(
        scope.reader,
        scope.address,
        recordId,
        BigInt(request.params.versionId),
      );
      return { hashes: hashValues, info: infos.map(toVersionInfo) };
    },
  );
}
