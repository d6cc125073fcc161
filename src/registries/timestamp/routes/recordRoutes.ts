import type { FastifyInstance } from 'fastify';
import { validationProblem } from '../../../errors/problem.js';
import { toPageRequest } from '../../../http/pagination.js';
import { openReadScope } from '../../common/openReadScope.js';
import { collectionQuery, ITEM_QUERY } from '../../common/schemas.js';
import { toHashValueHex, toRecordIdMultibase } from '../ids.js';
import { RECORD, RECORD_FILTERS, RECORD_ID, RECORD_LIST } from '../schemas.js';
import { getRecord, getRecordIds, getRecordVersion, type RecordFilter } from '../views.js';
import { parseIdParameter, parseRecordId } from './parseIdParameter.js';

const TAG = 'timestamp';
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const FIRST_VERSION_FORMS =
  'a hash value as 0x-prefixed hex, or its multihash as base64 ("m…") or base64url ("u…") multibase, of 1 to 64 bytes';

type RecordsQuery = {
  'page[after]'?: number;
  'page[size]'?: number;
  contractAddress?: string;
  owner?: string;
  'first-version'?: string;
};

/**
 * `GET /records` (filters `owner` or `first-version`) and `GET /records/{recordId}`.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.6
 */
export function registerRecordRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: RecordsQuery }>(
    '/records',
    {
      schema: {
        tags: [TAG],
        summary: 'Records, in creation order, or those of one owner or first version hash',
        querystring: collectionQuery(RECORD_FILTERS),
        response: RECORD_LIST,
      },
    },
    async function records(request) {
      const { filter, echoed } = parseRecordFilter(request.query);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getRecordIds(scope.reader, scope.address, page, filter);
      const links = items.map((id) => {
        const recordId = toRecordIdMultibase(id);
        return { recordId, href: scope.href('records', recordId) };
      });
      return scope.collection(['records'], page, total, links, echoed);
    },
  );

  app.get<{ Params: { recordId: string }; Querystring: { contractAddress?: string } }>(
    '/records/:recordId',
    {
      schema: {
        tags: [TAG],
        summary: 'One record: its owners, and the hashes of its first and last versions',
        params: { type: 'object', properties: { recordId: RECORD_ID } },
        querystring: ITEM_QUERY,
        response: RECORD,
      },
    },
    async function record(request) {
      const recordId = parseRecordId(request.params.recordId);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { ownerIds, revokedOwnerIds, totalVersions } = await getRecord(
        scope.reader,
        scope.address,
        recordId,
      );
      // A record is created with version 0, so it always has a first and a last version.
      const [first, last] = await Promise.all([
        getRecordVersion(scope.reader, scope.address, recordId, 0n),
        getRecordVersion(scope.reader, scope.address, recordId, totalVersions - 1n),
      ]);
      return {
        ownerIds,
        revokedOwnerIds,
        totalVersions: Number(totalVersions),
        firstVersionTimestamps: first.hashValues,
        lastVersionTimestamps: last.hashValues,
      };
    },
  );
}

/**
 * The record filter of a query, and the filters its links repeat (normalised).
 * @throws {ProblemError} 400 `validation-error` naming both filters when both are given, or
 *   `first-version` when it is in no accepted form.
 */
function parseRecordFilter(query: RecordsQuery): {
  filter: RecordFilter;
  echoed: Record<string, string | undefined>;
} {
  const { owner, 'first-version': firstVersion } = query;
  if (owner !== undefined && firstVersion !== undefined) {
    throw validationProblem(
      ['owner', 'first-version'].map((parameter) => ({
        parameter,
        detail: 'Parameters "owner" and "first-version" cannot be combined',
      })),
    );
  }
  if (firstVersion !== undefined) {
    const hash = parseIdParameter(
      firstVersion,
      'first-version',
      toHashValueHex,
      FIRST_VERSION_FORMS,
    );
    return { filter: { firstVersionHash: hash }, echoed: { 'first-version': firstVersion } };
  }
  if (owner !== undefined) {
    // The contract keeps accounts as the lowercase hex of their address (`Strings.toHexString`).
    const ownerId = ADDRESS.test(owner) ? owner.toLowerCase() : owner;
    return { filter: { owner: ownerId }, echoed: { owner: ownerId } };
  }
  return { filter: {}, echoed: {} };
}
