import { type Hex, hexToBytes } from 'viem';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A version info as the version read shows it: its bytes parsed as JSON when they are UTF-8 JSON
 * text (meant to be JSON-LD), otherwise the bytes themselves as a `0x` hex string.
 * - Spec: reference/read-api.md §3.6 (`/records/{recordId}/versions/{versionId}`)
 */
export function toVersionInfo(bytes: Hex): unknown {
  try {
    return JSON.parse(UTF8.decode(hexToBytes(bytes))) as unknown;
  } catch {
    // Not UTF-8 or not JSON: shown raw rather than refused, so that the version stays readable.
    return bytes;
  }
}
