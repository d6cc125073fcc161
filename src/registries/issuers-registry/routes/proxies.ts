import type { FastifyInstance } from 'fastify';
import { parameterProblem } from '../../../errors/problem.js';
import { openReadScope } from '../../common/openReadScope.js';
import { readRoutes } from '../../common/readRoutes.js';
import { ITEM_QUERY } from '../../common/schemas.js';
import type { ProxyFetcher } from '../proxies/createProxyFetcher.js';
import { type IssuerProxy, parseIssuerProxy } from '../proxies/parseIssuerProxy.js';
import {
  ISSUER_PARAMS,
  PROXY,
  PROXY_LIST,
  PROXY_PARAMS,
  PROXY_PATH_PARAMS,
  STATUS_LIST,
} from '../schemas.js';
import { toHexId } from '../toHexId.js';
import { getProxyData, getProxyIds } from '../views.js';

type ItemQuery = { contractAddress?: string };
type ProxyParams = { did: string; proxyId: string };
const TAG = 'issuers-registry';

/** Media types of a resolved status list: the JWT's own, or `text/plain` as EBSI answered. */
const STATUS_LIST_MEDIA_TYPES = ['application/jwt', 'text/plain'] as const;
/** The part of a raw request path after `/issuers/<did>/proxies/<proxyId>/`. */
const SUB_PATH = /\/issuers\/[^/]+\/proxies\/[^/]+\/(.*)$/;

/**
 * The proxies of an issuer, and proxy resolution: `GET …/proxies/{proxyId}/{path}` fetches
 * `<prefix>/<path>` from the issuer's upstream and answers the status-list credential JWT.
 * A proxy is published as `{ prefix, headers: <names>, testSuffix }`: header values (often a
 * bearer secret) are never sent to clients.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.3
 */
export function registerProxyRoutes(app: FastifyInstance, fetcher: ProxyFetcher): void {
  const { list } = readRoutes(app, TAG);
  list('/issuers/:did/proxies', 'proxyId', getProxyIds, {
    summary: 'Proxies of an issuer',
    params: ISSUER_PARAMS,
    response: PROXY_LIST,
  });

  app.get<{ Params: ProxyParams; Querystring: ItemQuery }>(
    '/issuers/:did/proxies/:proxyId',
    {
      schema: {
        tags: [TAG],
        summary: 'One proxy (header names only)',
        params: PROXY_PARAMS,
        querystring: ITEM_QUERY,
        response: PROXY,
      },
    },
    async function proxy(request) {
      const { prefix, headers, testSuffix } = await loadProxy(this, request.params, request.query);
      return { prefix, headers: Object.keys(headers), testSuffix };
    },
  );

  app.get<{ Params: ProxyParams; Querystring: ItemQuery }>(
    '/issuers/:did/proxies/:proxyId/*',
    {
      // The body is the remote server's, not the chain's: never served from the block cache.
      config: { produces: STATUS_LIST_MEDIA_TYPES, cacheable: false },
      schema: {
        tags: [TAG],
        summary: 'A status list fetched through a proxy',
        params: PROXY_PATH_PARAMS,
        querystring: ITEM_QUERY,
        response: STATUS_LIST,
      },
    },
    async function resolve(request, reply) {
      const path = SUB_PATH.exec(request.url.split('?', 1)[0] ?? '')?.[1] ?? '';
      if (path === '') {
        throw parameterProblem('path', 'Parameter "path" is required');
      }
      const proxy = await loadProxy(this, request.params, request.query);
      const jwt = await fetcher.fetch(proxy, path);
      return reply.type(`${request.responseType}; charset=utf-8`).send(jwt);
    },
  );
}

/**
 * The proxy a request names, parsed.
 * @throws {ResourceNotFoundError} `Issuer`, `Proxy`.
 * @throws {ProblemError} 500 `Invalid Proxy` when its stored data is unusable.
 */
async function loadProxy(
  app: FastifyInstance,
  params: ProxyParams,
  query: ItemQuery,
): Promise<IssuerProxy> {
  const scope = await openReadScope(app, TAG, query.contractAddress);
  const proxyId = toHexId(params.proxyId);
  const data = await getProxyData(scope.reader, scope.address, params.did, proxyId);
  return parseIssuerProxy(data, params.did, proxyId);
}
