/**
 * Multicodec codes of the fixed-length hash functions of the multihash table
 * (multiformats/multicodec `table.csv`, tag `multihash`), by name. Timestamp hash algorithms name
 * theirs in `multiHash` (e.g. `sha2-256`).
 */
const NAMED: Readonly<Record<string, number>> = {
  identity: 0x00,
  sha1: 0x11,
  'sha2-256': 0x12,
  'sha2-512': 0x13,
  'sha3-512': 0x14,
  'sha3-384': 0x15,
  'sha3-256': 0x16,
  'sha3-224': 0x17,
  'shake-128': 0x18,
  'shake-256': 0x19,
  'keccak-224': 0x1a,
  'keccak-256': 0x1b,
  'keccak-384': 0x1c,
  'keccak-512': 0x1d,
  blake3: 0x1e,
  'sha2-384': 0x20,
  'dbl-sha2-256': 0x56,
  md4: 0xd4,
  md5: 0xd5,
  'sha2-256-trunc254-padded': 0x1012,
  'sha2-224': 0x1013,
  'sha2-512-224': 0x1014,
  'sha2-512-256': 0x1015,
  'ripemd-128': 0x1052,
  'ripemd-160': 0x1053,
  'ripemd-256': 0x1054,
  'ripemd-320': 0x1055,
  kangarootwelve: 0x1d01,
  'sm3-256': 0x534d,
};

/** `blake2b-8` … `blake2b-512` are 0xb201 … 0xb240, `blake2s-8` … `blake2s-256` 0xb241 … 0xb260. */
const BLAKE2 = /^blake2([bs])-(\d+)$/;

/** The multicodec code of a multihash name (letter case ignored), or `undefined` if unknown. */
export function toMultihashCode(name: string): number | undefined {
  const key = name.trim().toLowerCase();
  const code = NAMED[key];
  if (code !== undefined) return code;
  const blake2 = BLAKE2.exec(key);
  if (!blake2) return undefined;
  const bits = Number(blake2[2]);
  const maxBits = blake2[1] === 'b' ? 512 : 256;
  if (bits < 8 || bits > maxBits || bits % 8 !== 0 || blake2[2]?.startsWith('0')) return undefined;
  return (blake2[1] === 'b' ? 0xb200 : 0xb240) + bits / 8;
}
