import { keccak256 } from 'viem';
import { toHexKey } from './archiveKeys.js';
import type { RpcLog } from './archiveTypes.js';

/** Bytes of an Ethereum logs bloom (2048 bits). */
export const BLOOM_BYTES = 256;

/** The three bloom bit indexes (0..2047) of one address or topic. */
export type BloomBits = readonly [number, number, number];

/**
 * The bits an address or a topic sets in a logs bloom (Ethereum yellow paper, M3:2048): the low
 * 11 bits of each of the first three byte pairs of keccak256(value).
 */
export function toBloomBits(value: Uint8Array): BloomBits {
  const hash = keccak256(value, 'bytes');
  const pair = (at: number) => (((hash[at] as number) << 8) | (hash[at + 1] as number)) & 2047;
  return [pair(0), pair(2), pair(4)];
}

/** Whether all three bits are set in `bloom`: bit i lives in byte 255 - floor(i / 8), bit i % 8. */
export function isInBloom(bloom: Uint8Array, bits: BloomBits): boolean {
  return bits.every(
    (bit) => (((bloom[BLOOM_BYTES - 1 - (bit >> 3)] as number) >> (bit & 7)) & 1) === 1,
  );
}

/** The logs bloom of `logs`: every address and every topic of each. */
export function toLogsBloom(logs: readonly RpcLog[]): Buffer {
  const bloom = Buffer.alloc(BLOOM_BYTES);
  for (const log of logs) {
    const values = [toHexKey(log.address, 20), ...log.topics.map((topic) => toHexKey(topic, 32))];
    for (const value of values) {
      if (!value) continue;
      for (const bit of toBloomBits(value)) {
        const at = BLOOM_BYTES - 1 - (bit >> 3);
        bloom[at] = (bloom[at] as number) | (1 << (bit & 7));
      }
    }
  }
  return bloom;
}
