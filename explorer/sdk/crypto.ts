import { sha256 } from '@noble/hashes/sha2';

/** `node:crypto`'s `createHash('sha256')`, the only hash the verifier takes from it. */
export function createHash(algorithm: string) {
  if (algorithm !== 'sha256') throw new TypeError(`"${algorithm}" is not available in the browser`);
  const hash = sha256.create();
  const hasher = {
    update(data: string | Uint8Array) {
      hash.update(typeof data === 'string' ? new TextEncoder().encode(data) : data);
      return hasher;
    },
    digest: () => hash.digest(),
  };
  return hasher;
}
