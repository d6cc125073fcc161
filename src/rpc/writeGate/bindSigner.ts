import type { Address, Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { VerifiedAccessToken } from '../../auth/accessToken.js';
import { WriteRefusedError } from '../../errors/write.js';
import { DID_KEY_PREFIX, toDidKeyJwk } from '../../identity/didKey.js';
import { toPublicKeyHex } from '../../identity/jwk.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { isController } from '../../registries/common/isController.js';

/** Where the signer of a transaction is checked. */
export type SignerBinding = {
  /** The block of the request. */
  reader: BlockReader;
  /** The DID Registry that resolves the holders writing to the target (asked only when needed). */
  didRegistry: () => Promise<Address>;
  /** The public key argument the sender must be, when the call registers the holder's key. */
  senderKey: unknown;
};

/**
 * The sender must act for the token's holder: for an invite, the key being registered (the
 * holder's DID does not exist yet); a did:key holder's own key; a did:core holder's
 * `capabilityInvocation` key in the DID Registry that resolves the target's holders.
 * - Spec: SPEC.md §4.3.3, §4.4
 * @throws {WriteRefusedError} `signer`.
 */
export async function bindSigner(
  tx: { from: Address },
  access: VerifiedAccessToken,
  binding: SignerBinding,
): Promise<void> {
  if (binding.senderKey !== undefined) {
    if (publicKeyToAddress(binding.senderKey as Hex) !== tx.from) {
      throw new WriteRefusedError({ reason: 'signer', sender: tx.from, key: 'registered' });
    }
    return;
  }
  if (access.sub.startsWith(DID_KEY_PREFIX)) {
    const jwk = toDidKeyJwk(access.sub);
    if (jwk?.crv !== 'secp256k1' || publicKeyToAddress(toPublicKeyHex(jwk)) !== tx.from) {
      throw new WriteRefusedError({
        reason: 'signer',
        sender: tx.from,
        holder: access.sub,
        key: 'holder',
      });
    }
    return;
  }
  const didRegistry = await binding.didRegistry();
  if (!(await isController(binding.reader, didRegistry, access.sub, tx.from))) {
    throw new WriteRefusedError({
      reason: 'signer',
      sender: tx.from,
      holder: access.sub,
      key: 'controller',
    });
  }
}
