import { concat, type Hex, hexToString, stringToHex } from 'viem';
import { isDidCoreV1 } from '../../identity/didCore.js';
import { isDidCoreV2 } from '../../identity/didCoreV2.js';
import { toDidKey, toDidKeyJwk } from '../../identity/didKey.js';
import { toPublicJwk, toPublicKeyHex } from '../../identity/jwk.js';

/** `ITrackAndTrace.AccountType`: how the contract stores and authenticates an account. */
export const ACCOUNT_TYPE = { DidCore: 0, DidKey: 1 } as const;

/**
 * The DID of a Track and Trace account. A `DidCore` account is the UTF-8 text of its DID; a
 * `DidKey` account is a raw secp256k1 public key X ‖ Y (64 bytes), whose DID is the did:key of
 * its public JWK.
 * - Design: DESIGN.md §5; contracts/interfaces/ITrackAndTrace.sol
 * @throws {TypeError} when a `DidKey` account is not 64 bytes (the contract never stores one).
 */
export function toAccountDid(account: Hex, accountType: number): string {
  if (accountType === ACCOUNT_TYPE.DidKey) {
    return toDidKey(toPublicJwk(concat(['0x04', account]), 'secp256k1'));
  }
  return hexToString(account);
}

/**
 * The account bytes that the contract keys a subject DID by, or `undefined` when no account can
 * have that DID: a did:core v1 or v2 is its UTF-8 text, a did:key of a secp256k1 key is that key
 * X ‖ Y. Any other DID (a did:key of a P-256 key included: it can never act on the contract)
 * gives `undefined`.
 * - Spec: SPEC.md §2.10 (`subject` accepts did:core v1 or v2, and did:key)
 */
export function toSubjectAccount(did: string): Hex | undefined {
  if (isDidCoreV1(did) || isDidCoreV2(did)) return stringToHex(did);
  const jwk = toDidKeyJwk(did);
  if (jwk?.crv !== 'secp256k1') return undefined;
  return `0x${toPublicKeyHex(jwk).slice(4)}`;
}
