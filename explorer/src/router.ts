/** A location inside the explorer: `#/<segments>?<query>`, segments URI-decoded. */
export type Route = { segments: string[]; query: URLSearchParams };

/** The route of a location hash (`#/dids/did%3Acore%3A…?valid-at=2026-01-01`). */
export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        // A hand-typed `%` that starts no escape: the segment as it was typed.
        return segment;
      }
    });
  return { segments, query: new URLSearchParams(query) };
}

/** The hash of a route: each segment encoded, the query's empty values left out. */
export function toHash(
  segments: readonly string[],
  query: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return `#/${path}${text === '' ? '' : `?${text}`}`;
}

/** The 1-based `page` of a route's query (1 when absent or not a positive integer). */
export function pageOf(route: Route): number {
  const page = Number(route.query.get('page') ?? '1');
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
