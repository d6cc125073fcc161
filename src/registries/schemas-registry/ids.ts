import { base58btc } from 'multiformats/bases/base58';
import { bytesToHex, type Hex, hexToBytes } from 'viem';

/** 32 bytes as `0x` + 64 hex digits, either letter case. */
const HEX_32 = /^0x[0-9a-fA-F]{64}$/;
const SCHEMA_ID_BYTES = 32;

/**
 * A schema id as the API lists it: base58btc multibase (`z…`) of its 32 bytes.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.5 (ID formats)
 */
export function toSchemaIdMultibase(schemaId: Hex): string {
  return base58btc.encode(hexToBytes(schemaId));
}

/**
 * The on-chain (lowercase hex) form of a schema id given as `0x` + 64 hex digits or as base58btc
 * multibase (`z…`) decoding to exactly 32 bytes; `undefined` for anything else.
 */
export function toSchemaIdHex(value: string): Hex | undefined {
  if (HEX_32.test(value)) return value.toLowerCase() as Hex;
  if (!value.startsWith('z')) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = base58btc.decode(value);
  } catch {
    // Not base58btc: the caller reports the parameter as invalid.
    return undefined;
  }
  return bytes.length === SCHEMA_ID_BYTES ? bytesToHex(bytes) : undefined;
}
