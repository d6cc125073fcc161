import type { Hex } from 'viem';

/** Bytes of a block number in a key: 2^48 blocks, far beyond any chain's life. */
const NUMBER_BYTES = 6;
/** Bytes of a transaction's index in its block. */
const INDEX_BYTES = 4;

/** The key of block `number`: fixed-width big-endian, so that keys sort by number. */
export function toBlockKey(number: number): Buffer {
  const key = Buffer.alloc(NUMBER_BYTES);
  key.writeUIntBE(number, 0, NUMBER_BYTES);
  return key;
}

/** The block number of a key made by {@link toBlockKey}. */
export function fromBlockKey(key: Uint8Array): number {
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength).readUIntBE(0, NUMBER_BYTES);
}

/** The key of transaction `index` of block `number` (its transaction and its receipt). */
export function toTransactionKey(number: number, index: number): Buffer {
  const key = Buffer.alloc(NUMBER_BYTES + INDEX_BYTES);
  key.writeUIntBE(number, 0, NUMBER_BYTES);
  key.writeUInt32BE(index, NUMBER_BYTES);
  return key;
}

/** Block number and transaction index of a key made by {@link toTransactionKey}. */
export function fromTransactionKey(key: Uint8Array): { block: number; tx: number } {
  const buffer = Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  return { block: buffer.readUIntBE(0, NUMBER_BYTES), tx: buffer.readUInt32BE(NUMBER_BYTES) };
}

/**
 * The bytes of a 0x-prefixed hex value (an address, a topic, a hash), case-insensitively;
 * undefined when it is not hex of exactly `bytes` bytes.
 */
export function toHexKey(value: string, bytes: number): Buffer | undefined {
  if (value.length !== 2 + 2 * bytes || !/^0x[0-9a-fA-F]*$/.test(value)) return undefined;
  return Buffer.from(value.slice(2), 'hex');
}

/** The quantity (`0x1f`) of a number. */
export function toQuantity(number: number): Hex {
  return `0x${number.toString(16)}`;
}
