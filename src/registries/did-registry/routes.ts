import type { FastifyInstance } from 'fastify';
import { toPageRequest } from '../../http/pagination.js';
import { toPlainDidDocument } from '../../identity/didDocument.js';
import { openReadScope } from '../common/openReadScope.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';
import { parseValidAtParameter } from '../common/toValidAtTime.js';
import { DID_REGISTRY } from './contract.js';
import {
  DID_DOCUMENT,
  DID_DOCUMENT_PARAMS,
  DID_DOCUMENT_QUERY,
  DID_JSON,
  DID_LD_JSON,
  IDENTIFIER_LIST,
  IDENTIFIERS_QUERY,
} from './schemas.js';
import { getDidDocument, getDids, getDidsByController } from './views.js';

type IdentifiersQuery = {
  'page[after]'?: number;
  'page[size]'?: number;
  contractAddress?: string;
  controller?: string;
};
type DidDocumentQuery = { contractAddress?: string; 'valid-at'?: string };
const TAG = 'did-registry';

/**
 * DID Registry REST reads, under `/v1/did-registry`. The removed `/identifiers/{did}/actions`
 * route is not served: `checkController` is the `isController` view or an `eth_call`.
 * - Spec: SPEC.md §2.8, §4.1, §4.2
 */
export async function didRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(app, TAG, DID_REGISTRY.abi, app.environment.registries[TAG]);
  registerDetailsRoute(app, TAG, { policyRegistryContract: 'policiesRegistry' });

  app.get<{ Querystring: IdentifiersQuery }>(
    '/identifiers',
    {
      schema: {
        tags: [TAG],
        summary: 'Registered DIDs, optionally only those a controller controls',
        querystring: IDENTIFIERS_QUERY,
        response: IDENTIFIER_LIST,
      },
    },
    async function identifiers(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { controller } = request.query;
      const { items, total } =
        controller === undefined
          ? await getDids(scope.reader, scope.address, page)
          : await getDidsByController(scope.reader, scope.address, controller, page);
      const links = items.map((did) => ({ did, href: scope.href('identifiers', did) }));
      return scope.collection(['identifiers'], page, total, links, { controller });
    },
  );

  app.get<{ Params: { did: string }; Querystring: DidDocumentQuery }>(
    '/identifiers/:did',
    {
      config: { produces: [DID_LD_JSON, DID_JSON] },
      schema: {
        tags: [TAG],
        summary: 'Resolve a DID: its DID document, now or at a past or future time',
        params: DID_DOCUMENT_PARAMS,
        querystring: DID_DOCUMENT_QUERY,
        response: DID_DOCUMENT,
      },
    },
    async function identifier(request, reply) {
      const at = parseValidAtParameter(request.query['valid-at']);
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { did } = request.params;
      const { document, baseDocumentValid } = await getDidDocument(
        scope.reader,
        scope.address,
        did,
        at,
      );
      if (!baseDocumentValid) {
        request.log.warn(
          { did, contractAddress: scope.address, blockNumber: scope.reader.blockNumber },
          'The base document of a DID is not a JSON object: served without its members',
        );
      }
      // SPEC.md §4.2.4 compares the header itself, not the negotiated type: only this exact value
      // selects the plain representation; `application/did+json;q=1` and lists get JSON-LD.
      if (request.headers.accept === DID_JSON) {
        reply.type(DID_JSON);
        return toPlainDidDocument(document);
      }
      reply.type(DID_LD_JSON);
      return document;
    },
  );
}
