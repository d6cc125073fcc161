import { toQueryString } from './queryString.js';

export const DEFAULT_PAGE_SIZE = 10;
/** - Spec: SPEC.md §4.2.1, §8 */
export const MAX_PAGE_SIZE = 50;

/**
 * Query-string schema properties of every collection. `page[after]` is a 1-based page number
 * (not a cursor); both reject non-integers.
 * - Spec: SPEC.md §4.2.1
 * - Design: DESIGN.md §7
 */
export const PAGINATION_QUERY_PROPERTIES = {
  'page[after]': {
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 1,
    description: '1-based page number',
  },
  'page[size]': {
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: DEFAULT_PAGE_SIZE,
    description: `Items per page, at most ${MAX_PAGE_SIZE}`,
  },
} as const;

/** The page a client asked for. */
export type PageRequest = {
  /** 1-based page number. */
  page: number;
  size: number;
};

/** Links of a collection page; always present, never null. */
export type CollectionLinks = {
  first: string;
  prev: string;
  next: string;
  last: string;
};

/** The collection envelope (SPEC.md §2.9, DESIGN.md §7). */
export type Collection<T> = {
  self: string;
  items: T[];
  total: number;
  pageSize: number;
  links: CollectionLinks;
};

/** Reads the validated pagination parameters of a query. */
export function toPageRequest(query: {
  'page[after]'?: number | undefined;
  'page[size]'?: number | undefined;
}): PageRequest {
  return {
    page: query['page[after]'] ?? 1,
    size: query['page[size]'] ?? DEFAULT_PAGE_SIZE,
  };
}

/** Offset of the first item of a page, for slicing or for contract views. */
export function toOffset({ page, size }: PageRequest): number {
  return (page - 1) * size;
}

export type BuildCollectionParameters<T> = {
  /** Absolute URL of the collection, without a query string. */
  url: string;
  page: PageRequest;
  total: number;
  items: T[];
  /** Filters and `contractAddress`, repeated in every link in this order. */
  filters?: Readonly<Record<string, string | undefined>>;
};

/**
 * Builds the envelope with absolute links. `last` is at least 1; `prev` and `next` stay within
 * `[1, last]`; `self` keeps the requested page even beyond `last`.
 * - Design: DESIGN.md §7; reference/read-api.md §1.3
 */
export function buildCollection<T>(parameters: BuildCollectionParameters<T>): Collection<T> {
  const { url, page, total, items, filters = {} } = parameters;
  const last = Math.max(Math.ceil(total / page.size), 1);
  const link = (n: number) =>
    `${url}${toQueryString({ 'page[after]': n, 'page[size]': page.size, ...filters })}`;
  return {
    self: link(page.page),
    items,
    total,
    pageSize: page.size,
    links: {
      first: link(1),
      prev: link(Math.max(Math.min(page.page - 1, last), 1)),
      next: link(Math.max(Math.min(page.page + 1, last), 1)),
      last: link(last),
    },
  };
}

/**
 * JSON Schema of the envelope around items of `itemSchema` (exactly {@link Collection}'s members:
 * the serialiser drops any other), typed literally so that clients derive their types from it.
 */
export function collectionSchema<const item extends object>(itemSchema: item) {
  const link = { type: 'string', format: 'uri' } as const;
  return {
    type: 'object',
    required: ['self', 'items', 'total', 'pageSize', 'links'],
    properties: {
      self: link,
      items: { type: 'array', items: itemSchema },
      total: { type: 'integer' },
      pageSize: { type: 'integer' },
      links: {
        type: 'object',
        required: ['first', 'prev', 'next', 'last'],
        properties: { first: link, prev: link, next: link, last: link },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  } as const;
}
