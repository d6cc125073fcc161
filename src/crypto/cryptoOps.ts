import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import secp256k1 from 'secp256k1';
import type { PublicEcJwk } from '../identity/jwk.js';
import { keccak256Bytes } from '../identity/keccak.js';
import { verifyEs256kSignature } from '../identity/verifyJwsSignature.js';

/**
 * One piece of signature work, as it crosses to a worker thread: bytes and plain objects only
 * (structured clone), the private keys of `sign` named by the id they were registered under.
 */
export type CryptoJob =
  | { op: 'verifyEs256k'; input: Uint8Array; signature: Uint8Array; publicKey: Uint8Array }
  | { op: 'verifyEs256'; input: Uint8Array; signature: Uint8Array; jwk: PublicEcJwk }
  | { op: 'recoverAddress'; signed: Uint8Array; signature: Uint8Array; recovery: number }
  | { op: 'signEs256'; key: string; input: Uint8Array };

/** What each job answers. */
export type CryptoResult<J extends CryptoJob> = J extends { op: 'recoverAddress' }
  ? Uint8Array | null
  : J extends { op: 'signEs256' }
    ? Uint8Array
    : boolean;

/** The private keys a thread signs with, by id. */
export type KeyTable = Map<string, KeyObject>;

/**
 * Runs one job, on whichever thread holds `keys`. A signature that does not verify or recover
 * answers `false` or `null`; only a missing key throws.
 */
export function runCryptoJob(job: CryptoJob, keys: KeyTable): CryptoResult<CryptoJob> {
  switch (job.op) {
    case 'verifyEs256k':
      return verifyEs256kSignature(job.input, job.signature, job.publicKey);
    case 'verifyEs256':
      return verifyEs256(job.input, job.signature, job.jwk);
    case 'recoverAddress':
      return recoverAddress(job.signed, job.signature, job.recovery);
    case 'signEs256': {
      const key = keys.get(job.key);
      if (!key) throw new Error(`No signing key "${job.key}" on this thread`);
      return sign('sha256', job.input, { key, dsaEncoding: 'ieee-p1363' });
    }
  }
}

/** ES256 with node:crypto: a third of WebCrypto's cost (issue 16's token profile). */
function verifyEs256(input: Uint8Array, signature: Uint8Array, jwk: PublicEcJwk): boolean {
  if (signature.length !== 64 || jwk.crv !== 'P-256') return false;
  try {
    const key = createPublicKey({ key: { ...jwk }, format: 'jwk' });
    return verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}

/**
 * The Ethereum address whose key signed `keccak256(signed)`: 20 bytes, or null when the
 * signature recovers no key.
 */
export function recoverAddress(
  signed: Uint8Array,
  signature: Uint8Array,
  recovery: number,
): Uint8Array | null {
  try {
    const publicKey = secp256k1.ecdsaRecover(signature, recovery, keccak256Bytes(signed), false);
    return keccak256Bytes(publicKey.subarray(1)).subarray(12);
  } catch {
    return null;
  }
}
