import { readFile, rename, writeFile } from 'node:fs/promises';
import { createDidCoreSigner, type DidSigner } from '../client/signers.js';
import { openPkcs11Key, type Pkcs11Options } from '../crypto/pkcs11/openPkcs11Key.js';
import { toPkcs11EthereumKey } from '../crypto/pkcs11/pkcs11Signers.js';
import { isPkcs11Uri, parsePkcs11Uri } from '../crypto/pkcs11/pkcs11Uri.js';
import { createDidCoreV1 } from '../identity/didCore.js';
import { jwkThumbprint, type PrivateEcJwk, type PublicEcJwk } from '../identity/jwk.js';
import { CliUsageError } from './output.js';

/**
 * A wallet file (mode 0600): a legal entity's did:core and its keys, the first being the
 * secp256k1 key that controls the DID and signs transactions.
 */
export type WalletFile = {
  version: 1;
  did: string;
  /** The controller key first; then keys added with `wallet keys add`. */
  keys: [WalletKey, ...WalletKey[]];
};

/** A key of the wallet: a private JWK, or the `pkcs11:` URI of a key in an HSM and its public JWK. */
export type WalletKey =
  | { vMethodId: string; privateKeyJwk: PrivateEcJwk }
  | { vMethodId: string; key: string; publicKeyJwk: PublicEcJwk };

/**
 * Creates a wallet file with a fresh did:core and a secp256k1 key: a new one, or the key in an
 * HSM that `pkcs11Uri` names (`wallet init --pkcs11`); refuses to overwrite a wallet.
 */
export async function createWalletFile(path: string, pkcs11Uri?: string): Promise<DidSigner> {
  let signer: DidSigner;
  let key: WalletKey;
  if (pkcs11Uri === undefined) {
    const created = await createDidCoreSigner();
    signer = created;
    key = { vMethodId: created.vMethodId, privateKeyJwk: created.privateKeyJwk };
  } else {
    const did = createDidCoreV1();
    signer = await openHsmKey(did, pkcs11Uri, '--pkcs11');
    key = { vMethodId: signer.vMethodId, key: pkcs11Uri, publicKeyJwk: signer.publicJwk };
  }
  const wallet: WalletFile = { version: 1, did: signer.did, keys: [key] };
  try {
    await writeFile(path, `${JSON.stringify(wallet, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new CliUsageError(`${path} exists already: a wallet is never overwritten`);
    throw error;
  }
  return signer;
}

/** The signer of a wallet file: its DID with its first (controller) key. */
export async function readWalletSigner(path: string): Promise<DidSigner> {
  const wallet = await readWalletFile(path);
  return openWalletKey(wallet.did, wallet.keys[0], path);
}

/** A signer of `did` with one of its wallet's keys, wherever the key lives. */
export function openWalletKey(did: string, key: WalletKey, path: string): Promise<DidSigner> {
  return 'privateKeyJwk' in key
    ? createDidCoreSigner({ did, privateKeyJwk: key.privateKeyJwk })
    : openHsmKey(did, key.key, `the wallet ${path}`);
}

/**
 * A secp256k1 key in an HSM as a signer of `did`: ES256K JWTs and transactions signed inside it.
 * The library and PIN come from the URI, else `CORE_PKCS11_MODULE` and `CORE_PKCS11_PIN`.
 */
async function openHsmKey(did: string, uri: string, setting: string): Promise<DidSigner> {
  if (!isPkcs11Uri(uri)) throw new CliUsageError(`${setting} takes a pkcs11: URI`);
  let parsed: ReturnType<typeof parsePkcs11Uri>;
  try {
    parsed = parsePkcs11Uri(uri);
  } catch (error) {
    throw new CliUsageError(`${setting}: ${(error as Error).message}`);
  }
  const options: Pkcs11Options = {
    setting,
    modulePath: process.env.CORE_PKCS11_MODULE || undefined,
    pin: process.env.CORE_PKCS11_PIN || undefined,
  };
  const key = await openPkcs11Key(parsed, options);
  if (key.curve !== 'secp256k1') {
    throw new CliUsageError(`${setting}: a wallet's controller key is secp256k1, not ${key.curve}`);
  }
  const { account, signingKey, publicJwk } = toPkcs11EthereumKey(key);
  const vMethodId = await jwkThumbprint(publicJwk);
  return { did, kid: `${did}#${vMethodId}`, signingKey, publicJwk, vMethodId, account };
}

/** Replaces a wallet file atomically (write aside, then rename), keeping mode 0600. */
export async function saveWalletFile(path: string, wallet: WalletFile): Promise<void> {
  const aside = `${path}.${process.pid}.tmp`;
  await writeFile(aside, `${JSON.stringify(wallet, null, 2)}\n`, { mode: 0o600 });
  await rename(aside, path);
}

/** Reads and checks a wallet file. */
export async function readWalletFile(path: string): Promise<WalletFile> {
  let wallet: WalletFile;
  try {
    wallet = JSON.parse(await readFile(path, 'utf8')) as WalletFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new CliUsageError(
        `No wallet at ${path}: create one with "npx core-registry wallet init"`,
      );
    throw new CliUsageError(`${path} is not a wallet file: ${(error as Error).message}`);
  }
  const key = wallet?.keys?.[0];
  if (
    wallet?.version !== 1 ||
    typeof wallet.did !== 'string' ||
    !(key && ('privateKeyJwk' in key || typeof key.key === 'string'))
  )
    throw new CliUsageError(`${path} is not a version 1 wallet file`);
  return wallet;
}
