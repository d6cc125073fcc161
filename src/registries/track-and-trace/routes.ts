import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { toPageRequest } from '../../http/pagination.js';
import { openReadScope } from '../common/openReadScope.js';
import { type CollectionQuery, readRoutes } from '../common/readRoutes.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';
import { collectionQuery } from '../common/schemas.js';
import { TRACK_AND_TRACE } from './contract.js';
import { type AccessesQuery, parseAccessesFilter } from './parseAccessesFilter.js';
import { toAccessRecord, toDocumentRecord, toEventRecord } from './records.js';
import {
  ACCESS_LIST,
  ACCESSES_QUERY,
  CREATOR_CHECK,
  CREATOR_CHECK_ERRORS,
  DOCUMENT,
  DOCUMENT_LIST,
  DOCUMENT_PARAMS,
  DOCUMENT_QUERY,
  EVENT,
  EVENT_LIST,
  EVENT_PARAMS,
} from './schemas.js';
import {
  getAllEventIds,
  getDocument,
  getDocumentAccesses,
  getDocumentIds,
  getEvent,
  getEventIds,
  getFilteredAccesses,
  isCreator,
} from './views.js';

type DocumentParams = { documentId: string };
const TAG = 'track-and-trace';

/**
 * Track and Trace REST reads, under `/v1/track-and-trace`: documents, their events and accesses,
 * and accesses by creator or subject. Accounts are returned as DIDs (a did:key for a key account).
 * - Spec: SPEC.md §2.8, §2.10, §4.1, §9.6; reference/read-api.md §3.7
 */
export async function trackAndTraceRoutes(app: FastifyInstance): Promise<void> {
  const { list, item } = readRoutes(app, TAG);
  registerAbiRoute(app, TAG, TRACK_AND_TRACE.abi, app.environment.registries[TAG]);
  registerDetailsRoute(app, TAG, {
    didRegistryContract: 'didRegistry',
    policiesRegistryContract: 'policiesRegistry',
  });

  list('/documents', 'documentId', getDocumentIds, {
    summary: 'Documents',
    response: DOCUMENT_LIST,
  });

  app.get<{
    Params: DocumentParams;
    Querystring: { contractAddress?: string; version?: 'latest' | 'deprecated' };
  }>(
    '/documents/:documentId',
    {
      schema: {
        tags: [TAG],
        summary: 'One document (without its events unless `version=deprecated`)',
        params: DOCUMENT_PARAMS,
        querystring: DOCUMENT_QUERY,
        response: DOCUMENT,
      },
    },
    async function document(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const documentId = toHex32(request.params.documentId);
      const found = await getDocument(scope.reader, scope.address, documentId);
      if (request.query.version !== 'deprecated') return toDocumentRecord(found);
      const events = await getAllEventIds(
        scope.reader,
        scope.address,
        documentId,
        found.eventCount,
      );
      return toDocumentRecord(found, events);
    },
  );

  list('/documents/:documentId/events', 'eventId', getEventIds, {
    summary: 'Events of a document',
    params: DOCUMENT_PARAMS,
    response: EVENT_LIST,
    toParams: ({ documentId }) => ({ documentId: toHex32(documentId as string) }),
  });

  item<DocumentParams & { eventId: string }>(
    '/documents/:documentId/events/:eventId',
    { summary: 'One event of a document', params: EVENT_PARAMS, response: EVENT },
    async (scope, request) => {
      const { documentId, eventId } = request.params;
      return toEventRecord(
        await getEvent(scope.reader, scope.address, toHex32(documentId), toHex32(eventId)),
      );
    },
  );

  app.get<{ Params: DocumentParams; Querystring: CollectionQuery }>(
    '/documents/:documentId/accesses',
    {
      schema: {
        tags: [TAG],
        summary: 'Accesses to a document (the creator first)',
        params: DOCUMENT_PARAMS,
        querystring: collectionQuery(),
        response: ACCESS_LIST,
      },
    },
    async function documentAccesses(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const documentId = toHex32(request.params.documentId);
      const page = toPageRequest(request.query);
      const { items, total } = await getDocumentAccesses(
        scope.reader,
        scope.address,
        documentId,
        page,
      );
      const accesses = items.map(toAccessRecord);
      return scope.collection(['documents', documentId, 'accesses'], page, total, accesses);
    },
  );

  // HEAD has its own meaning here (the creator whitelist, read-api.md §3.7), so it is declared
  // before the GET, which derives none (`exposeHeadRoute: false`).
  app.head<{ Querystring: AccessesQuery }>(
    '/accesses',
    {
      config: {
        swagger: { exposeHeadRoute: true },
        documentation: { response: CREATOR_CHECK_ERRORS },
      },
      schema: {
        tags: [TAG],
        summary: 'Whether `creator` is a whitelisted document creator (200 or 404, no body)',
        querystring: ACCESSES_QUERY,
        response: CREATOR_CHECK,
      },
    },
    async function creatorCheck(request, reply) {
      const filter = parseAccessesFilter(request.query);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      if ('creator' in filter && !(await isCreator(scope.reader, scope.address, filter.creator))) {
        throw new ResourceNotFoundError(
          'Creator',
          `${filter.creator} is not a whitelisted document creator`,
        );
      }
      return reply.code(200).send();
    },
  );

  app.get<{ Querystring: AccessesQuery }>(
    '/accesses',
    {
      exposeHeadRoute: false,
      schema: {
        tags: [TAG],
        summary: 'Accesses by creator (its documents) or by subject',
        querystring: ACCESSES_QUERY,
        response: ACCESS_LIST,
      },
    },
    async function accesses(request) {
      const filter = parseAccessesFilter(request.query);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getFilteredAccesses(scope.reader, scope.address, filter, page);
      const { creator, subject } = request.query;
      return scope.collection(['accesses'], page, total, items.map(toAccessRecord), {
        creator,
        subject,
      });
    },
  );
}

/** A validated bytes32 path parameter, lower-cased so that links have one spelling. */
function toHex32(value: string): Hex {
  return value.toLowerCase() as Hex;
}
