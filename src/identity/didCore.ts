import { randomBytes } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';

export const DID_CORE_PREFIX = 'did:core:';
const V1 = 0x01;
const V1_RANDOM_BYTES = 16;

/**
 * A new did:core v1 (legal entity): `did:core:` + `z` + base58btc(0x01 ‖ 16 random bytes).
 * - Design: DESIGN.md §5
 */
export function createDidCoreV1(random: Uint8Array = randomBytes(V1_RANDOM_BYTES)): string {
  if (random.length !== V1_RANDOM_BYTES) throw new TypeError('A did:core v1 takes 16 random bytes');
  const bytes = new Uint8Array(1 + V1_RANDOM_BYTES);
  bytes[0] = V1;
  bytes.set(random, 1);
  return `${DID_CORE_PREFIX}${base58btc.encode(bytes)}`;
}

/** Whether `did` is a syntactically valid did:core v1. */
export function isDidCoreV1(did: string): boolean {
  if (!did.startsWith(`${DID_CORE_PREFIX}z`)) return false;
  try {
    const bytes = base58btc.decode(did.slice(DID_CORE_PREFIX.length));
    return bytes.length === 1 + V1_RANDOM_BYTES && bytes[0] === V1;
  } catch {
    return false;
  }
}
