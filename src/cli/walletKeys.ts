import { rm } from 'node:fs/promises';
import type { ContractWrite } from '../client/contractWrite.js';
import { createDidCoreSigner, createPrivateJwk, type DidSigner } from '../client/signers.js';
import { VERIFICATION_RELATIONSHIPS } from '../identity/didDocument.js';
import { toPublicKeyHex } from '../identity/jwk.js';
import type { CommandGroup } from './commandTree.js';
import { CliUsageError } from './output.js';
import { blockTime, requestTokenStep, requireAccount, writeStep } from './steps.js';
import type { KeysOptions, WalletContext } from './walletContext.js';
import { openWalletKey, readWalletFile, saveWalletFile } from './walletFile.js';

const TEN_YEARS = 10n * 365n * 24n * 3600n;

/** `wallet keys add|roll`: a new key on the DID, saved in the wallet once the ledger has it. */
export const KEYS_COMMANDS: CommandGroup<WalletContext> = {
  summary: "The keys of the wallet's DID in the DID Registry (a did-registry:write token).",
  commands: {
    add: {
      args: '[--curve C] [--relationship R]',
      summary:
        'Add a key (P-256 by default) with a relationship\n(assertionMethod by default) to the DID; the wallet keeps it',
      details: `--curve is P-256 or secp256k1; --relationship one of\n${VERIFICATION_RELATIONSHIPS.join(', ')}.`,
      publishes:
        'the new public key, its id (a thumbprint), its relationship and validity window (from now, ten years)',
      run: (_args, context) => addKey(context),
    },
    roll: {
      summary: 'Replace the controller key by a new secp256k1 key',
      details:
        "The old key ends at the roll's block time; the wallet keeps the new key aside (<wallet>.rolling) until the\nledger has it, so a failed roll loses nothing.",
      publishes: "the new public key, its id and validity window; the old key's end",
      run: (_args, context) => rollKey(context),
    },
  },
};

async function addKey(context: WalletContext & KeysOptions) {
  const curve = context.curve ?? 'P-256';
  const relationship = context.relationship ?? 'assertionMethod';
  if (curve !== 'P-256' && curve !== 'secp256k1')
    throw new CliUsageError('--curve is P-256 or secp256k1');
  if (!(VERIFICATION_RELATIONSHIPS as readonly string[]).includes(relationship))
    throw new CliUsageError(`--relationship is one of ${VERIFICATION_RELATIONSHIPS.join(', ')}`);
  const wallet = await readWalletFile(context.walletPath);
  const controller = await openWalletKey(wallet.did, wallet.keys[0], context.walletPath);
  const key = await createDidCoreSigner({
    did: wallet.did,
    privateKeyJwk: createPrivateJwk(curve),
  });
  const send = await didRegistryWriter(context, controller);
  await send(`Add key ${key.vMethodId}`, {
    registry: 'did-registry',
    functionName: 'addVerificationMethod',
    args: [wallet.did, key.vMethodId, toPublicKeyHex(key.publicJwk), curve === 'secp256k1'],
  });
  const notBefore = await blockTime(context.client);
  await send(`Give it the ${relationship} relationship`, {
    registry: 'did-registry',
    functionName: 'addVerificationRelationship',
    args: [wallet.did, relationship, key.vMethodId, notBefore, notBefore + TEN_YEARS],
  });
  wallet.keys.push({ vMethodId: key.vMethodId, privateKeyJwk: key.privateKeyJwk });
  await saveWalletFile(context.walletPath, wallet);
  context.output.result(
    { did: wallet.did, kid: key.kid, curve, relationship },
    `${key.kid} (${curve}) added to ${wallet.did} with ${relationship}`,
  );
}

async function rollKey(context: WalletContext) {
  const wallet = await readWalletFile(context.walletPath);
  const [old] = wallet.keys;
  if (!('privateKeyJwk' in old)) {
    throw new CliUsageError(
      `The controller key of ${context.walletPath} is in an HSM (${old.key}): "wallet keys roll" makes key files; roll it with the DID Registry's rollVerificationMethod from the HSM's side`,
    );
  }
  const controller = await openWalletKey(wallet.did, old, context.walletPath);
  const next = await createDidCoreSigner({
    did: wallet.did,
    privateKeyJwk: createPrivateJwk('secp256k1'),
  });
  const send = await didRegistryWriter(context, controller);
  // Windows are inclusive: starting a second before the latest block, the old key's relationships
  // end before the roll's own block, whose time is at least the latest's.
  const notBefore = (await blockTime(context.client)) - 1n;
  // The wallet keeps the new key aside until the ledger has it: a failed roll loses nothing.
  await saveWalletFile(`${context.walletPath}.rolling`, {
    ...wallet,
    keys: [{ vMethodId: next.vMethodId, privateKeyJwk: next.privateKeyJwk }],
  });
  await send(`Roll ${old.vMethodId} to ${next.vMethodId}`, {
    registry: 'did-registry',
    functionName: 'rollVerificationMethod',
    args: [
      {
        did: wallet.did,
        vMethodId: next.vMethodId,
        publicKey: toPublicKeyHex(next.publicJwk),
        isSecp256k1: true,
        notBefore,
        notAfter: notBefore + TEN_YEARS,
        oldVMethodId: old.vMethodId,
        duration: 0n,
      },
    ],
  });
  await saveWalletFile(context.walletPath, {
    ...wallet,
    keys: [
      { vMethodId: next.vMethodId, privateKeyJwk: next.privateKeyJwk },
      ...wallet.keys.slice(1),
    ],
  });
  await rm(`${context.walletPath}.rolling`, { force: true });
  context.output.result(
    { did: wallet.did, kid: next.kid, address: next.account?.address, replaced: controller.kid },
    `${next.kid} replaced ${controller.kid}\n  account ${next.account?.address}`,
  );
}

/** A did-registry:write token of the controller key, and a sender of DID Registry writes with it. */
async function didRegistryWriter(context: WalletContext, controller: DidSigner) {
  const account = requireAccount(controller);
  const accessToken = await requestTokenStep(context, controller, 'did-registry:write');
  return (step: string, write: ContractWrite<'did-registry'>) =>
    writeStep(context, step, { ...write, account, accessToken });
}
