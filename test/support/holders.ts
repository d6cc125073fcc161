import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Signer } from '../../src/client/credentials.js';
import { createPrivateJwk } from '../../src/client/signers.js';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { toDidKey } from '../../src/identity/didKey.js';
import { jwkThumbprint, toPublicKeyHex, toSecp256k1PrivateJwk } from '../../src/identity/jwk.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import type { connectTestChain } from './chain.js';

/** A holder with a secp256k1 key, its did:core (maybe not registered yet) and its signer. */
export type TestHolder = Signer & {
  address: Address;
  account: ReturnType<typeof privateKeyToAccount>;
  vMethodId: string;
  publicJwk: { kty: 'EC'; crv: 'secp256k1'; x: string; y: string };
};

/** A fresh secp256k1 holder with a fresh did:core v1 (not registered). */
export async function createHolder(): Promise<TestHolder> {
  const privateKey = generatePrivateKey();
  const privateKeyJwk = toSecp256k1PrivateJwk(privateKey);
  const { kty, crv, x, y } = privateKeyJwk;
  const vMethodId = await jwkThumbprint(privateKeyJwk);
  const did = createDidCoreV1();
  const account = privateKeyToAccount(privateKey);
  return {
    did,
    kid: `${did}#${vMethodId}`,
    privateKeyJwk,
    address: account.address,
    account,
    vMethodId,
    publicJwk: { kty, crv: crv as 'secp256k1', x, y },
  };
}

/** Registers a holder's DID in a DID Registry, sent from the holder's own key (proof of possession). */
export async function registerHolder(
  chain: ReturnType<typeof connectTestChain>,
  didRegistry: Address,
  holder: TestHolder,
): Promise<void> {
  await chain.write(holder.account, {
    address: didRegistry,
    abi: REGISTRIES['did-registry'].abi,
    functionName: 'insertDidDocument',
    args: [
      holder.did,
      '{"@context":["https://www.w3.org/ns/did/v1"]}',
      holder.vMethodId,
      holder.account.publicKey,
      true,
      0n,
      2n ** 40n,
    ],
  });
}

/**
 * The holder rolls its key over to `next`'s, sent from its own key: from `notBefore`, `next`'s key
 * holds every relationship of the holder's (until 2^40), which end at once.
 */
export function rollHolderKey(
  chain: ReturnType<typeof connectTestChain>,
  didRegistry: Address,
  holder: TestHolder,
  next: TestHolder,
  notBefore: bigint,
) {
  return chain.write(holder.account, {
    address: didRegistry,
    abi: REGISTRIES['did-registry'].abi,
    functionName: 'rollVerificationMethod',
    args: [
      {
        did: holder.did,
        vMethodId: next.vMethodId,
        publicKey: next.account.publicKey,
        isSecp256k1: true,
        notBefore,
        notAfter: 2n ** 40n,
        oldVMethodId: holder.vMethodId,
        duration: 0n,
      },
    ],
  });
}

/** A did:key holder (P-256 or secp256k1). */
export function createDidKeyHolder(curve: 'P-256' | 'secp256k1'): Signer {
  const { kty, crv, x, y, d } = createPrivateJwk(curve);
  const did = toDidKey({ kty, crv, x, y });
  return {
    did,
    kid: `${did}#${did.slice('did:key:'.length)}`,
    privateKeyJwk: { kty, crv, x, y, d },
  };
}

/** The uncompressed public key of a signer (for contract calls). */
export function publicKeyOf(signer: Signer) {
  return toPublicKeyHex(signer.privateKeyJwk);
}
