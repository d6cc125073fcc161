import { keccak_256 } from '@noble/hashes/sha3';

/**
 * The one call of the native `keccak` package the shared code makes
 * (`createKeccakHash('keccak256').update(bytes).digest()`), on the pure-JS hash viem itself uses:
 * a native addon cannot run in a browser, and the package's own fallback needs Node streams.
 */
export default function createKeccakHash(algorithm: 'keccak256') {
  if (algorithm !== 'keccak256') throw new TypeError(`keccak: ${algorithm} is not bundled`);
  const hash = keccak_256.create();
  const api = {
    update(data: Uint8Array) {
      hash.update(data);
      return api;
    },
    digest() {
      return hash.digest();
    },
  };
  return api;
}
