import { secp256k1 } from '@noble/curves/secp256k1';

/**
 * The two calls of the native `secp256k1` package the verifier makes, on the pure-JS curve viem
 * itself uses: a native addon cannot run in a browser.
 */
export default {
  signatureNormalize(signature: Uint8Array): Uint8Array {
    return secp256k1.Signature.fromCompact(signature).normalizeS().toCompactRawBytes();
  },
  ecdsaVerify(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
    return secp256k1.verify(signature, digest, publicKey, { prehash: false, lowS: true });
  },
};
