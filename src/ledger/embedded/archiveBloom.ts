import createKeccakHash from 'keccak';
import { toHexKey } from './archiveKeys.js';
import type { RpcLog } from './archiveTypes.js';

/**
 * Bytes of an Ethereum logs bloom (2048 bits): what earlier nodes archived as a block's filter.
 * A block's own filter ({@link toBlockFilter}) is never this long.
 */
export const BLOOM_BYTES = 256;
/** First byte of a block's own filter. */
const BLOCK_FILTER = 1;
/** The filter of a block with a log value that is not hex of 20 or 32 bytes: it excludes nothing. */
const NO_FILTER = Buffer.from([0]);
/**
 * Bits per distinct address or topic, and bits set for each: a value not in the block passes
 * about once in 1,700 blocks ((1 − e^(−8/16))^8). A header's 2048-bit bloom sets 3 bits a value
 * whatever the block holds: in bench:scale's blocks of about 300 transactions at 50,000 DIDs, a
 * DID's query passed 17 blocks of 229 it was not in, each read whole for nothing.
 */
const BITS_PER_VALUE = 16;
const BITS_SET = 8;
const MIN_FILTER_BYTES = 64;

/**
 * Where an address or a topic falls in either filter, both taken from keccak256 of its bytes:
 * in a header's bloom, the low 11 bits of the hash's first three byte pairs (yellow paper, M3:2048);
 * in a block's own filter, its first eight 32-bit words modulo the filter's bits.
 */
export type FilterKey = { bloom: readonly number[]; words: readonly number[] };

export function toFilterKey(value: Uint8Array): FilterKey {
  const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  const hash = createKeccakHash('keccak256').update(bytes).digest();
  return {
    bloom: [0, 2, 4].map((at) => hash.readUInt16BE(at) & 2047),
    words: Array.from({ length: BITS_SET }, (_, word) => hash.readUInt32BE(4 * word)),
  };
}

/**
 * The filter a block's logs are found by, sized to them: every distinct address and topic,
 * {@link BITS_PER_VALUE} bits each (a power of two of bytes, 64 at least), behind one format
 * byte; empty when the block has no logs, so that a walk skips it without a bit test.
 */
export function toBlockFilter(logs: readonly RpcLog[]): Buffer {
  const values = new Set<string>();
  for (const log of logs) {
    values.add(log.address.toLowerCase());
    for (const topic of log.topics) values.add(topic.toLowerCase());
  }
  if (values.size === 0) return Buffer.alloc(0);
  let bytes = MIN_FILTER_BYTES;
  while (bytes * 8 < values.size * BITS_PER_VALUE) bytes *= 2;
  const filter = Buffer.alloc(1 + bytes);
  filter[0] = BLOCK_FILTER;
  for (const value of values) {
    const key = toHexKey(value, 20) ?? toHexKey(value, 32);
    if (!key) return NO_FILTER;
    for (const word of toFilterKey(key).words) {
      const bit = word % (bytes * 8);
      const at = 1 + (bit >> 3);
      filter[at] = (filter[at] as number) | (1 << (bit & 7));
    }
  }
  return filter;
}

/**
 * Whether a block whose stored filter is `filter` may hold the value of `key`: a block's own
 * filter, or the header's bloom an earlier node stored (bit i in byte 255 - floor(i / 8)).
 * A filter of neither form never excludes its block.
 */
export function isInFilter(filter: Uint8Array, key: FilterKey): boolean {
  if (filter.length === BLOOM_BYTES) {
    return key.bloom.every(
      (bit) => (((filter[BLOOM_BYTES - 1 - (bit >> 3)] as number) >> (bit & 7)) & 1) === 1,
    );
  }
  if (filter[0] !== BLOCK_FILTER) return true;
  const bits = (filter.length - 1) * 8;
  return key.words.every((word) => {
    const bit = word % bits;
    return (((filter[1 + (bit >> 3)] as number) >> (bit & 7)) & 1) === 1;
  });
}
