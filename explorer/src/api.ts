/** The collection envelope of the REST reads (SPEC.md §2.9). */
export type Collection<item> = {
  items: item[];
  total: number;
  pageSize: number;
  links: { first: string; prev: string; next: string; last: string };
};

/** Items per page in the explorer's lists (the API allows up to 50). */
export const PAGE_SIZE = 20;

/**
 * A read the node answered with an error (its Problem Details `detail` as the message), or that
 * did not reach it (`status` 0).
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** The HTTP status, or 0 when the node did not answer. */
  readonly status: number;
  /** The Problem Details `title` (e.g. `Not Found`). */
  readonly title: string;

  constructor(status: number, title: string, detail: string, options?: { cause: unknown }) {
    super(detail, options);
    this.status = status;
    this.title = title;
  }
}

/**
 * The path and query of an API link. Links are absolute with the node's public URL, which need not
 * be the address this page was loaded from: the page always asks its own origin.
 */
export function toApiPath(href: string): string {
  const url = new URL(href, location.origin);
  return `${url.pathname}${url.search}`;
}

/**
 * GETs a REST read and parses its JSON body.
 * @throws {ApiRequestError} on an error status (with the problem's text) or a network failure.
 */
export async function getJson<body>(
  path: string,
  options: { accept?: string; signal?: AbortSignal } = {},
): Promise<body> {
  const response = await send(toApiPath(path), {
    headers: { accept: options.accept ?? 'application/json' },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return (await response.json()) as body;
}

/** `GET` of a collection, one page of `size` items (1-based `page`). */
export function getPage<item>(
  path: string,
  page: number,
  options: { signal?: AbortSignal; size?: number } = {},
): Promise<Collection<item>> {
  const separator = path.includes('?') ? '&' : '?';
  const query = `page[after]=${page}&page[size]=${options.size ?? PAGE_SIZE}`;
  return getJson(`${path}${separator}${query}`, options.signal ? { signal: options.signal } : {});
}

/**
 * Calls a read method of the ledger through `POST /v1/ledger` and returns its `result`.
 * @throws {ApiRequestError} when the node or the ledger answers with an error.
 */
export async function callLedger<result>(
  method: string,
  params: readonly unknown[] = [],
  signal?: AbortSignal,
): Promise<result> {
  const response = await send('/v1/ledger', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    ...(signal ? { signal } : {}),
  });
  const body = (await response.json()) as { result?: result; error?: { message?: string } };
  if (body.error !== undefined || !('result' in body)) {
    const detail = body.error?.message ?? `The ledger did not answer ${method}`;
    throw new ApiRequestError(response.status, 'Ledger error', detail);
  }
  return body.result as result;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'Node unreachable', 'The node did not answer', { cause: error });
  }
  if (response.ok) return response;
  const problem = (await response.json().catch(() => ({}))) as {
    title?: unknown;
    detail?: unknown;
  };
  const title = typeof problem.title === 'string' ? problem.title : response.statusText;
  const detail = typeof problem.detail === 'string' ? problem.detail : `HTTP ${response.status}`;
  throw new ApiRequestError(response.status, title, detail);
}
