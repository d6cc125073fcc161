import secp256k1 from 'secp256k1';

/** The secp256k1 group order. */
const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');

/** An Ethereum signature: low-S `r ‖ s` and the recovery id. */
export type RecoverableSignature = { r: Uint8Array; s: Uint8Array; yParity: 0 | 1 };

/**
 * Turns a raw ECDSA signature of `digest` made by a key that gives no recovery id (an HSM's
 * `CKM_ECDSA`) into what Ethereum needs: `s` in the lower half of the order (EIP-2), and the
 * recovery id found by trying both candidates against the signer's public key.
 * @throws {Error} when neither candidate recovers `publicKey`: the signature is not the key's.
 */
export function toRecoverableSignature(
  signature: Uint8Array,
  digest: Uint8Array,
  publicKey: Uint8Array,
): RecoverableSignature {
  const low = toLowS(signature);
  const expected = Buffer.from(publicKey).toString('hex');
  for (const yParity of [0, 1] as const) {
    try {
      const recovered = secp256k1.ecdsaRecover(low, yParity, digest, false);
      if (Buffer.from(recovered).toString('hex') === expected) {
        return { r: low.slice(0, 32), s: low.slice(32), yParity };
      }
    } catch {
      // This candidate recovers no point: try the other.
    }
  }
  throw new Error('the signature does not recover the signing key');
}

/**
 * A secp256k1 `r ‖ s` with `s` in the lower half of the order: the form Ethereum (EIP-2) and
 * strict ES256K verifiers accept; the signature stays valid for the same key and digest.
 */
export function toLowS(signature: Uint8Array): Uint8Array {
  if (signature.length !== 64) throw new Error('an ECDSA signature r ‖ s has 64 bytes');
  const low = Uint8Array.from(signature);
  const s = BigInt(`0x${Buffer.from(low.subarray(32)).toString('hex')}`);
  if (s > N >> 1n) low.set(Buffer.from((N - s).toString(16).padStart(64, '0'), 'hex'), 32);
  return low;
}
