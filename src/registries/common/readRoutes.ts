import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Address } from 'viem';
import { type PageRequest, toPageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { openReadScope, type ReadScope } from './openReadScope.js';
import type { Page } from './page.js';
import { collectionQuery, ITEM_QUERY } from './schemas.js';

/** The query of a collection read: pagination and `contractAddress`. */
export type CollectionQuery = {
  'page[after]'?: number;
  'page[size]'?: number;
  contractAddress?: string;
};

/** Opens the read of a request (default: the instance named by `contractAddress`). */
export type OpenScope = (
  app: FastifyInstance,
  contractAddress: string | undefined,
) => Promise<ReadScope>;

/** A paginated view taking the route's path parameters (in URL order), then the page. */
export type ListView<item> = (
  reader: BlockReader,
  address: Address,
  // biome-ignore lint/suspicious/noExplicitAny: path parameters, typed by each view
  ...args: any[]
) => Promise<Page<item>>;

/** What a list route declares besides its URL, id member and view. */
export type ListRouteOptions<item> = {
  summary: string;
  response: object;
  /** The JSON Schema of the path parameters, when there are any. */
  params?: object;
  /** Normalises the path parameters (the view and the links get the normalised values). */
  toParams?: (params: Record<string, string>) => Record<string, string>;
  /** The public id of an item: its `key` and last link segment (default: the item itself). */
  toId?: (item: item) => string | number;
};

/** What an item route declares besides its URL and handler. */
export type ItemRouteOptions = { summary: string; response: object; params?: object };

/** The request of an item route, its path parameters typed by the route. */
export type ItemRequest<params> = FastifyRequest<{ Params: params; Querystring: ItemQuery }>;

type ItemQuery = { contractAddress?: string };

/**
 * The read routes of one registry, sharing its tag and how a read is opened:
 * - `list(url, key, view, options)` serves `GET <url>`, a page of `{ <key>: id, href }` in the
 *   collection envelope, the links keeping `contractAddress`;
 * - `item(url, options, read)` serves `GET <url>` with `contractAddress` as its only query
 *   parameter, answering what `read` returns for the opened instance.
 * - Spec: SPEC.md §2.10, §4.2
 */
export function readRoutes(app: FastifyInstance, tag: string, open?: OpenScope) {
  const openScope = open ?? ((app, address) => openReadScope(app, tag, address));
  return {
    list<item>(url: string, key: string, view: ListView<item>, options: ListRouteOptions<item>) {
      registerListRoute(app, { tag, url, key, view, open: openScope, ...options });
    },
    item<params = Record<string, string>>(
      url: string,
      options: ItemRouteOptions,
      read: (scope: ReadScope, request: ItemRequest<params>) => Promise<unknown>,
    ) {
      app.get<{ Params: params; Querystring: ItemQuery }>(
        url,
        {
          schema: {
            tags: [tag],
            summary: options.summary,
            ...(options.params ? { params: options.params } : {}),
            querystring: ITEM_QUERY,
            response: options.response,
          },
        },
        async function item(request) {
          return read(await openScope(this, request.query.contractAddress), request);
        },
      );
    },
  };
}

function registerListRoute<item>(
  app: FastifyInstance,
  route: ListRouteOptions<item> & {
    tag: string;
    url: string;
    key: string;
    view: ListView<item>;
    open: OpenScope;
  },
): void {
  const { tag, url, key, toId = (item: item) => String(item) } = route;
  const { open } = route;
  const names = url.split('/').filter((segment) => segment.startsWith(':'));
  app.get<{ Params: Record<string, string>; Querystring: CollectionQuery }>(
    url,
    {
      schema: {
        tags: [tag],
        summary: route.summary,
        ...(route.params ? { params: route.params } : {}),
        querystring: collectionQuery(),
        response: route.response,
      },
    },
    async function list(request) {
      const scope = await open(this, request.query.contractAddress);
      const params = route.toParams ? route.toParams(request.params) : request.params;
      const page: PageRequest = toPageRequest(request.query);
      const args = names.map((name) => params[name.slice(1)]);
      const { items, total } = await route.view(scope.reader, scope.address, ...args, page);
      const segments = url
        .split('/')
        .filter(Boolean)
        .map((segment) =>
          segment.startsWith(':') ? (params[segment.slice(1)] as string) : segment,
        );
      const links = items.map((item) => {
        const id = toId(item);
        return { [key]: id, href: scope.href(...segments, String(id)) };
      });
      return scope.collection(segments, page, total, links);
    },
  );
}
