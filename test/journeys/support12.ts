import type { Hex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import {
  type CoreClient,
  createCredential,
  createPrivateJwk,
  jwkThumbprint,
  type PrivateEcJwk,
  type PublicEcJwk,
  type Receipt,
  requestToken,
  type Signer,
  toPublicKeyHex,
  toSecp256k1PrivateJwk,
  type WriteContractParameters,
  waitForReceipt,
  writeContract,
} from '../../src/client/index.js';
import { toPrivateKeyHex } from '../../src/identity/jwk.js';
import type { OperatorFixture } from '../support/operator.js';

// Helpers of journeys 1 and 2: everything goes through a node's public HTTP API (the SDK).

/** The operator as a credential and presentation signer, and the account of the same key. */
export function operatorSignerOf(op: OperatorFixture): Signer & { account: PrivateKeyAccount } {
  const { did, kid, privateKeyJwk } = op.operator;
  return { did, kid, privateKeyJwk, account: privateKeyToAccount(toPrivateKeyHex(privateKeyJwk)) };
}

/** A key that can sign for a DID: its verification method id, public key and JWKs. */
export type Key = {
  vMethodId: string;
  /** `0x04 ‖ X ‖ Y`, as the DID Registry takes it. */
  publicKey: Hex;
  publicJwk: PublicEcJwk;
  privateKeyJwk: PrivateEcJwk;
};

/** A fresh secp256k1 key with its ledger account. */
export async function createSecp256k1Key(): Promise<Key & { account: PrivateKeyAccount }> {
  const privateKey = generatePrivateKey();
  const privateKeyJwk = toSecp256k1PrivateJwk(privateKey);
  return { ...(await describeKey(privateKeyJwk)), account: privateKeyToAccount(privateKey) };
}

/** A fresh P-256 key, as the SDK makes it for a wallet. */
export async function createP256Key(): Promise<Key> {
  return describeKey(createPrivateJwk('P-256'));
}

async function describeKey(privateKeyJwk: PrivateEcJwk): Promise<Key> {
  const { kty, crv, x, y } = privateKeyJwk;
  const publicJwk: PublicEcJwk = { kty, crv, x, y };
  return {
    vMethodId: await jwkThumbprint(publicJwk),
    publicKey: toPublicKeyHex(publicJwk),
    publicJwk,
    privateKeyJwk,
  };
}

/** The signer of `did` with `key` (`kid` = `<did>#<vMethodId>`). */
export function signerOf(did: string, key: Key): Signer {
  return { did, kid: `${did}#${key.vMethodId}`, privateKeyJwk: key.privateKeyJwk };
}

/** Sends one registry call through `POST /v1/ledger` and waits for its successful receipt. */
export async function send(client: CoreClient, call: WriteContractParameters): Promise<Receipt> {
  const hash = await writeContract(client, call);
  return waitForReceipt(client, { hash, registry: call.registry });
}

/** A token of the combinable `scope`, presented with the holder's SelfAttestation. */
export async function tokenOf(client: CoreClient, holder: Signer, scope: string): Promise<string> {
  const { accessToken } = await requestToken({ baseUrl: client.baseUrl, scope, holder });
  return accessToken;
}

/** The timestamp of a block (default the latest), read through `POST /v1/ledger`. */
export async function blockTime(client: CoreClient, block: Hex | 'latest' = 'latest') {
  const { timestamp } = await client.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', [
    block,
    false,
  ]);
  return BigInt(timestamp);
}

/** Waits until the ledger has mined a block later than `time` (Unix seconds). */
export async function waitForBlockTimeAfter(client: CoreClient, time: bigint): Promise<void> {
  while ((await blockTime(client)) <= time) await new Promise((r) => setTimeout(r, 100));
}

/**
 * The latest block's time, once the clock has passed it: whatever is written next lands in a
 * later block time. Unlike {@link waitForBlockTimeAfter}, it needs no block to be mined meanwhile
 * (a ledger that mines only when a write arrives has none to wait for).
 */
export async function latestBlockTimePassed(client: CoreClient): Promise<bigint> {
  const time = await blockTime(client);
  while (Date.now() < (Number(time) + 1) * 1000) await new Promise((r) => setTimeout(r, 100));
  return time;
}

/** `valid-at` for a Unix time. */
export function isoOf(time: bigint): string {
  return new Date(Number(time) * 1000).toISOString();
}

/** A year of validity for keys, from `notBefore`. */
export const YEAR = 365n * 24n * 3600n;

/**
 * The invite flow of a legal entity: the operator (RootTAO) issues it an onboarding credential,
 * it obtains a `did-registry:invite` token with its secp256k1 key in the presentation header, and
 * registers its DID with that key through `/v1/ledger`.
 */
export async function onboard(
  client: CoreClient,
  operator: Signer,
  entity: { did: string; key: Key & { account: PrivateKeyAccount } },
  window: { notBefore: bigint; notAfter: bigint },
): Promise<Receipt> {
  const { did, key } = entity;
  const onboarding = createCredential({
    issuer: operator,
    subject: did,
    type: 'VerifiableAuthorisationToOnboard',
  });
  const { accessToken, scope } = await requestToken({
    baseUrl: client.baseUrl,
    scope: 'openid did-registry:invite',
    holder: signerOf(did, key),
    credential: onboarding,
    jwk: key.publicJwk,
  });
  if (scope !== 'openid did-registry:invite') throw new TypeError(`unexpected scope ${scope}`);
  return send(client, {
    registry: 'did-registry',
    functionName: 'insertDidDocument',
    args: [
      did,
      JSON.stringify({ '@context': ['https://www.w3.org/ns/did/v1'] }),
      key.vMethodId,
      key.publicKey,
      true,
      window.notBefore,
      window.notAfter,
    ],
    account: key.account,
    accessToken,
  });
}
