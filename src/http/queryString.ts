/** Query values that stay readable in links: a DID's `:` and the like need no escaping there. */
const KEEP = /%(3A|40|2C|2F)/gi;

/**
 * Builds a query string (with `?`, or `''` when empty) from ordered parameters, skipping
 * `undefined`. Keys are written as they are (`page[after]` keeps its brackets); values are
 * percent-encoded except for characters RFC 3986 allows in a query (`:`, `@`, `,`, `/`).
 */
export function toQueryString(
  parameters: Readonly<Record<string, string | number | undefined>>,
): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(parameters)) {
    if (value === undefined) continue;
    parts.push(`${key}=${encodeURIComponent(String(value)).replace(KEEP, decodeURIComponent)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}
