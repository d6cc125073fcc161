import { base64, base64url } from 'multiformats/bases/base64';
import * as Digest from 'multiformats/hashes/digest';
import { bytesToHex, type Hex, hexToBytes } from 'viem';
import { toMultihashCode } from './multihashCodes.js';

/**
 * Identifier encodings of the Timestamp reads (reference/read-api.md §3.6, "ID encodings"):
 *
 * | value        | REST form                                                              |
 * | ------------ | ---------------------------------------------------------------------- |
 * | timestampId  | `u` + base64url of the multihash `0x12 0x20 ‖ sha256(hashValue)`       |
 * | recordId     | `u` + base64url of the 32 bytes                                        |
 * | `hash` field | `m` + base64 of the multihash of the hash value under its algorithm    |
 *
 * Both ids are also accepted as the on-chain `0x` + 64 hex digits.
 */

const SHA2_256 = 0x12;
const IDENTITY = 0x00;
const BYTES32 = 32;
const HEX_32 = /^0x[0-9a-fA-F]{64}$/;
/** A hash value: 1 to 64 bytes (SHA-512 is the longest in use); in hex, an even digit count. */
const MAX_HASH_BYTES = 64;
const HEX_HASH_VALUE = /^0x(?:[0-9a-fA-F]{2}){1,64}$/;

/** The REST timestampId of an on-chain timestamp id (itself `sha256(hashValue)`). */
export function toTimestampIdMultibase(timestampId: Hex): string {
  return base64url.encode(Digest.create(SHA2_256, hexToBytes(timestampId)).bytes);
}

/**
 * The on-chain timestamp id of a REST timestampId (`u…`, a sha2-256 multihash of 32 bytes) or of
 * `0x` + 64 hex digits; `undefined` for anything else.
 */
export function toTimestampIdHex(value: string): Hex | undefined {
  if (HEX_32.test(value)) return value.toLowerCase() as Hex;
  const multihash = toMultihash(value, ['u']);
  return multihash?.code === SHA2_256 && multihash.size === BYTES32
    ? bytesToHex(multihash.digest)
    : undefined;
}

/** The REST recordId of an on-chain record id. */
export function toRecordIdMultibase(recordId: Hex): string {
  return base64url.encode(hexToBytes(recordId));
}

/** The on-chain record id of a REST recordId (`u…`, 32 bytes) or of `0x` + 64 hex digits. */
export function toRecordIdHex(value: string): Hex | undefined {
  if (HEX_32.test(value)) return value.toLowerCase() as Hex;
  if (!value.startsWith('u')) return undefined;
  const bytes = decode(value);
  return bytes?.length === BYTES32 ? bytesToHex(bytes) : undefined;
}

/**
 * The `hash` field of a timestamp: `m` + base64 of the multihash of `hashValue` under the
 * algorithm's multihash name. An unknown name falls back to the identity multihash (code 0x00),
 * which still carries the value.
 */
export function toHashMultibase(hashValue: Hex, multihashName: string): string {
  const code = toMultihashCode(multihashName) ?? IDENTITY;
  return base64.encode(Digest.create(code, hexToBytes(hashValue)).bytes);
}

/**
 * A hash value given as `0x` hex, or as a multihash in base64 (`m…`, the form of
 * the `hash` field) or base64url (`u…`) multibase whose digest is the value, 1 to 64 bytes; `undefined` for
 * anything else.
 */
export function toHashValueHex(value: string): Hex | undefined {
  if (HEX_HASH_VALUE.test(value)) return value.toLowerCase() as Hex;
  const multihash = toMultihash(value, ['m', 'u']);
  return multihash && multihash.size > 0 && multihash.size <= MAX_HASH_BYTES
    ? bytesToHex(multihash.digest)
    : undefined;
}

/** A multihash in one of the `prefixes` (multibase), or `undefined`. */
function toMultihash(value: string, prefixes: readonly string[]) {
  if (!prefixes.includes(value.charAt(0))) return undefined;
  const bytes = decode(value);
  if (bytes === undefined) return undefined;
  try {
    return Digest.decode(bytes);
  } catch {
    // Not a multihash (bad varint, or a length that disagrees with the digest).
    return undefined;
  }
}

/** The bytes of `u…` (base64url) or `m…` (base64) multibase text, or `undefined`. */
function decode(value: string): Uint8Array | undefined {
  // `u` and `m` are the unpadded bases (`U` and `M` are the padded ones): one text per value.
  if (value.includes('=')) return undefined;
  try {
    return value.startsWith('m') ? base64.decode(value) : base64url.decode(value);
  } catch {
    // Not base64 / base64url: the caller reports the parameter as invalid.
    return undefined;
  }
}
