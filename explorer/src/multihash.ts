import { toHex } from './hex.js';

/**
 * The digest a multibase multihash holds, in hex with `0x` as "Check a file" shows hashes: base64
 * (`m…`) or base64url (`u…`) of varint code ‖ varint length ‖ digest.
 * @returns `undefined` when `value` is not such a multihash.
 */
export function toDigestHex(value: string): string | undefined {
  const bytes = fromMultibase(value);
  if (bytes === undefined) return undefined;
  let offset = 0;
  for (const _ of ['code', 'length']) {
    while (offset < bytes.length && ((bytes[offset] as number) & 0x80) !== 0) offset++;
    offset++;
  }
  const length = bytes[offset - 1];
  if (offset > bytes.length || length !== bytes.length - offset) return undefined;
  return `0x${toHex(bytes.subarray(offset))}`;
}

function fromMultibase(value: string): Uint8Array | undefined {
  const base = value[0];
  if (base !== 'm' && base !== 'u') return undefined;
  const text = value.slice(1).replaceAll('-', '+').replaceAll('_', '/');
  try {
    return Uint8Array.from(atob(text.padEnd(Math.ceil(text.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
  } catch {
    // Not base64: no multihash.
    return undefined;
  }
}
