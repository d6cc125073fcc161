import { createHash } from 'node:crypto';
import {
  type Address,
  bytesToHex,
  hashMessage,
  hashTypedData,
  keccak256,
  type SerializeTransactionFn,
  serializeSignature,
  serializeTransaction,
} from 'viem';
import { type LocalAccount, toAccount } from 'viem/accounts';
import { type PublicEcJwk, toPublicJwk } from '../../identity/jwk.js';
import { keccak256Bytes, toChecksumAddress } from '../../identity/keccak.js';
import type { JwsSigningKey } from '../../identity/signCompactJws.js';
import { toLowS, toRecoverableSignature } from '../ethereumSignature.js';
import type { JwsSigner } from '../jws.js';
import type { Pkcs11Key } from './openPkcs11Key.js';

/**
 * An ES256 signer over a P-256 key in a token: SHA-256 here, ECDSA inside the token, whose
 * `r ‖ s` is already JOSE's encoding (RFC 7518 §3.4).
 * @throws {TypeError} for a key of another curve.
 */
export function toPkcs11JwsSigner(key: Pkcs11Key): JwsSigner {
  if (key.curve !== 'P-256') throw new TypeError(`${key.uri}: ES256 needs a P-256 key`);
  return {
    alg: 'ES256',
    sign: (input) => key.signDigest(createHash('sha256').update(input).digest()),
  };
}

/**
 * A viem account whose secp256k1 key stays in the token: transactions, messages (EIP-191) and
 * typed data (EIP-712) are hashed here and signed inside, then made low-S and recoverable.
 * @throws {TypeError} for a key of another curve.
 */
export function toPkcs11Account(key: Pkcs11Key): LocalAccount {
  if (key.curve !== 'secp256k1') throw new TypeError(`${key.uri}: Ethereum needs a secp256k1 key`);
  const address: Address = toChecksumAddress(
    keccak256Bytes(key.publicKey.subarray(1)).subarray(12),
  );
  const sign = async ({ hash }: { hash: `0x${string}` }) => {
    const digest = Buffer.from(hash.slice(2), 'hex');
    const { r, s, yParity } = toRecoverableSignature(
      await key.signDigest(digest),
      digest,
      key.publicKey,
    );
    return { r: bytesToHex(r), s: bytesToHex(s), yParity };
  };
  const account = toAccount({
    address,
    sign: async ({ hash }) => serializeSignature(await sign({ hash })),
    signMessage: async ({ message }) =>
      serializeSignature(await sign({ hash: hashMessage(message) })),
    signTypedData: async (typedData) =>
      serializeSignature(await sign({ hash: hashTypedData(typedData as never) })),
    async signTransaction(transaction, options) {
      const serializer = (options?.serializer ?? serializeTransaction) as SerializeTransactionFn;
      const signature = await sign({ hash: keccak256(await serializer(transaction)) });
      return serializer(transaction, signature);
    },
  });
  return { ...account, publicKey: bytesToHex(key.publicKey) } as LocalAccount;
}

/** A secp256k1 key in a token as everything an Ethereum identity signs with. */
export type Pkcs11EthereumKey = {
  /** Transactions, messages and typed data (viem). */
  account: LocalAccount;
  /** JWTs: ES256K, SHA-256 here, ECDSA inside the token, low-S. */
  signingKey: JwsSigningKey;
  publicJwk: PublicEcJwk;
};

/**
 * {@link toPkcs11Account} and an ES256K JWS signer over the same key.
 * @throws {TypeError} for a key of another curve.
 */
export function toPkcs11EthereumKey(key: Pkcs11Key): Pkcs11EthereumKey {
  const account = toPkcs11Account(key);
  return {
    account,
    signingKey: {
      alg: 'ES256K',
      sign: async (input) =>
        toLowS(await key.signDigest(createHash('sha256').update(input).digest())),
    },
    publicJwk: toPublicJwk(bytesToHex(key.publicKey), 'secp256k1'),
  };
}
