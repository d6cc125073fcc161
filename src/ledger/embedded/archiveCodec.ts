/** Lower-case hex of whole bytes: exactly what a byte array prints back to. */
const HEX_BYTES = /^0x(?:[0-9a-f]{2})+$/;

/**
 * A JSON-RPC result as it is stored: each lower-case, whole-byte hex string becomes its bytes,
 * which halves hashes, bloom filters and calldata on disk. Everything else (odd-length
 * quantities such as `0x1`, `0x`, numbers, booleans, null) stays as it is, so
 * {@link fromStored} gives back the same JSON, key order included. JSON has no byte arrays, so a
 * byte array read back can only have been hex.
 */
export function toStored(value: unknown): unknown {
  if (typeof value === 'string') {
    return HEX_BYTES.test(value) ? Buffer.from(value.slice(2), 'hex') : value;
  }
  if (Array.isArray(value)) return value.map(toStored);
  if (value !== null && typeof value === 'object') {
    const stored: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) stored[key] = toStored(member);
    return stored;
  }
  return value;
}

/** The JSON value that {@link toStored} turned into `value`. */
export function fromStored(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return `0x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  }
  if (Array.isArray(value)) return value.map(fromStored);
  if (value !== null && typeof value === 'object') {
    const json: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) json[key] = fromStored(member);
    return json;
  }
  return value;
}
