import { base58btc } from 'multiformats/bases/base58';
import { DID_CORE_PREFIX } from './didCore.js';
import { jwkThumbprint, type PublicEcJwk } from './jwk.js';

const V2 = 0x02;
const V2_THUMBPRINT_BYTES = 32;
/** `did:core:z` + base58btc of 33 bytes is at most 56 characters; anything longer is not a v2. */
const MAX_V2_LENGTH = 64;

/**
 * The did:core v2 (legacy natural person) of a public JWK: `did:core:z` + base58btc(0x02 ‖ the
 * 32-byte RFC 7638 SHA-256 thumbprint of the JWK). v2 DIDs are never registered on-chain.
 * - Design: DESIGN.md §5
 */
export async function toDidCoreV2(jwk: PublicEcJwk): Promise<string> {
  const thumbprint = Buffer.from(await jwkThumbprint(jwk), 'base64url');
  const bytes = new Uint8Array(1 + V2_THUMBPRINT_BYTES);
  bytes[0] = V2;
  bytes.set(thumbprint, 1);
  return `${DID_CORE_PREFIX}${base58btc.encode(bytes)}`;
}

/**
 * Whether `did` is a syntactically valid did:core v2: `did:core:z` + base58btc(0x02 ‖ 32 bytes).
 * Only the syntax can be checked; the key behind the thumbprint is unknown.
 * - Design: DESIGN.md §5
 */
export function isDidCoreV2(did: string): boolean {
  if (did.length > MAX_V2_LENGTH || !did.startsWith(`${DID_CORE_PREFIX}z`)) return false;
  try {
    const bytes = base58btc.decode(did.slice(DID_CORE_PREFIX.length));
    return bytes.length === 1 + V2_THUMBPRINT_BYTES && bytes[0] === V2;
  } catch {
    // Not base58btc: not a v2.
    return false;
  }
}
