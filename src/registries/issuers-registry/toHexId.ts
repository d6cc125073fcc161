import type { Hex } from 'viem';

/**
 * A 32-byte id (attribute, revision, proxy) as the API writes it: `0x` and lower-case hex. Input
 * may omit the `0x`, as read-api.md §3.3 clients send attribute ids.
 */
export function toHexId(id: string): Hex {
  return `0x${id.replace(/^0x/, '').toLowerCase()}`;
}
