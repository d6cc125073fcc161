import { createECDH } from 'node:crypto';
import { bytesToHex } from 'viem';
import { type LocalAccount, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createDidCoreV1 } from '../identity/didCore.js';
import { toDidKey } from '../identity/didKey.js';
import {
  jwkThumbprint,
  type PrivateEcJwk,
  type PublicEcJwk,
  toPrivateKeyHex,
  toPublicJwk,
} from '../identity/jwk.js';
import type { AnySigner, Signer } from './credentials.js';

/** A signer with everything a wallet needs: its public JWK, its method id and, on secp256k1, its Ethereum account. */
export type WalletSigner = Signer & {
  publicJwk: PublicEcJwk;
  /** The RFC 7638 thumbprint of the key: its verification method id. */
  vMethodId: string;
  /** The account that signs transactions (secp256k1 keys only). */
  account: PrivateKeyAccount | undefined;
};

/**
 * A DID's signer wherever its key lives: a {@link WalletSigner}, or a key in an HSM or KMS (a
 * {@link RemoteSigner} with a viem account that signs inside it).
 */
export type DidSigner = AnySigner & {
  publicJwk: PublicEcJwk;
  vMethodId: string;
  /** The account that signs transactions (secp256k1 keys only). */
  account: LocalAccount | undefined;
};

const OPENSSL_CURVE = { secp256k1: 'secp256k1', 'P-256': 'prime256v1' } as const;

/** A fresh private key on `curve`, as a JWK. */
export function createPrivateJwk(curve: 'secp256k1' | 'P-256'): PrivateEcJwk {
  // Not generateKeyPairSync + export({ format: 'jwk' }): on Node 20 a garbage collection inside
  // the export can finalise the key's KeyGenJob, which takes the mutex the export holds, and the
  // process hangs for good (test/client/createPrivateJwk.test.ts). ECDH makes keys without a job.
  const ecdh = createECDH(OPENSSL_CURVE[curve]);
  const point = ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  const d = Buffer.alloc(32);
  scalar.copy(d, d.length - scalar.length);
  return { ...toPublicJwk(bytesToHex(point), curve), d: d.toString('base64url') };
}

/** The Ethereum account of a secp256k1 private JWK. */
export function toAccount(privateKeyJwk: PrivateEcJwk): PrivateKeyAccount {
  if (privateKeyJwk.crv !== 'secp256k1')
    throw new TypeError('Only secp256k1 keys sign Ethereum transactions');
  return privateKeyToAccount(toPrivateKeyHex(privateKeyJwk));
}

/**
 * A legal entity's signer: a did:core v1 (registered later, with {@link registerDid}) and a key,
 * secp256k1 by default (it must be, to control the DID on-chain).
 * - Design: DESIGN.md §5
 */
export async function createDidCoreSigner(
  options: { did?: string; privateKeyJwk?: PrivateEcJwk } = {},
): Promise<WalletSigner> {
  const privateKeyJwk = options.privateKeyJwk ?? createPrivateJwk('secp256k1');
  const did = options.did ?? createDidCoreV1();
  return withKey(did, privateKeyJwk, (vMethodId) => `${did}#${vMethodId}`);
}

/**
 * A natural person's signer: a did:key of its own key (resolved locally, never registered).
 * - Design: DESIGN.md §5, §6 (`kid` = `<did:key>#<its multibase part>`)
 */
export async function createDidKeySigner(
  options: { curve?: 'secp256k1' | 'P-256'; privateKeyJwk?: PrivateEcJwk } = {},
): Promise<WalletSigner> {
  const privateKeyJwk = options.privateKeyJwk ?? createPrivateJwk(options.curve ?? 'secp256k1');
  const { kty, crv, x, y } = privateKeyJwk;
  const did = toDidKey({ kty, crv, x, y });
  return withKey(did, privateKeyJwk, () => `${did}#${did.slice('did:key:'.length)}`);
}

async function withKey(
  did: string,
  privateKeyJwk: PrivateEcJwk,
  kidOf: (vMethodId: string) => string,
): Promise<WalletSigner> {
  const { kty, crv, x, y } = privateKeyJwk;
  const vMethodId = await jwkThumbprint({ kty, crv, x, y });
  return {
    did,
    kid: kidOf(vMethodId),
    privateKeyJwk,
    publicJwk: { kty, crv, x, y },
    vMethodId,
    account: crv === 'secp256k1' ? toAccount(privateKeyJwk) : undefined,
  };
}
