import { readFile, rename, writeFile } from 'node:fs/promises';
import { createDidCoreSigner, type WalletSigner } from '../client/signers.js';
import type { PrivateEcJwk } from '../identity/jwk.js';
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

export type WalletKey = { vMethodId: string; privateKeyJwk: PrivateEcJwk };

/** Creates a wallet file with a fresh did:core and secp256k1 key; refuses to overwrite one. */
export async function createWalletFile(path: string): Promise<WalletSigner> {
  const signer = await createDidCoreSigner();
  const wallet: WalletFile = {
    version: 1,
    did: signer.did,
    keys: [{ vMethodId: signer.vMethodId, privateKeyJwk: signer.privateKeyJwk }],
  };
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
export async function readWalletSigner(path: string): Promise<WalletSigner> {
  const wallet = await readWalletFile(path);
  return createDidCoreSigner({ did: wallet.did, privateKeyJwk: wallet.keys[0].privateKeyJwk });
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
  if (wallet?.version !== 1 || typeof wallet.did !== 'string' || !key?.privateKeyJwk)
    throw new CliUsageError(`${path} is not a version 1 wallet file`);
  return wallet;
}
