/**
 * A DID as DID Core's ABNF writes it (`did:<method>:<method-specific-id>`, the id's characters
 * `ALPHA / DIGIT / . / - / _ / pct-encoded`, `:`-separated, not ending in `:`), as a JSON Schema
 * `pattern` source; the method is its first group.
 * - Spec: W3C DID Core §3.1
 */
export const DID_SYNTAX_PATTERN =
  '^did:([a-z0-9]+):(?:[A-Za-z0-9._:-]|%[0-9A-Fa-f]{2})*[A-Za-z0-9._-]$';

const DID_SYNTAX = new RegExp(DID_SYNTAX_PATTERN);

/** Whether `value` is a DID (any method), by its syntax alone. */
export function isDid(value: unknown): value is string {
  return typeof value === 'string' && DID_SYNTAX.test(value);
}

/** The method of a DID (`core` of `did:core:…`), or `undefined` for anything that is not a DID. */
export function didMethodOf(value: string): string | undefined {
  return DID_SYNTAX.exec(value)?.[1];
}
