import { toQueryString } from './queryString.js';

/** Characters a path segment may keep as they are (RFC 3986 pchar): DIDs stay readable. */
const KEEP = /%(3A|40|2C|24|2B|3B|3D|26)/gi;

/** Percent-encodes one path segment, keeping `:` `@` and the other sub-delimiters. */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(KEEP, decodeURIComponent);
}

/** An absolute URL from the node's public URL, a path and ordered query parameters. */
export function toAbsoluteUrl(
  publicUrl: string,
  path: string,
  query: Readonly<Record<string, string | number | undefined>> = {},
): string {
  return `${publicUrl}${path}${toQueryString(query)}`;
}
