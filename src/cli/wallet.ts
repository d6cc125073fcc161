import { readFile } from 'node:fs/promises';
import { toHex } from 'viem';
import { registerDid } from '../client/registerDid.js';
import { requestToken } from '../client/requestToken.js';
import { CliUsageError } from './output.js';
import { type Commands, runCommand, usageOf } from './runCommand.js';
import { requestTokenStep, requireAccount, writeStep } from './steps.js';
import type { WalletContext } from './walletContext.js';
import { createWalletFile, readWalletSigner } from './walletFile.js';
import { runKeys } from './walletKeys.js';
import { runSchema } from './walletSchema.js';
import { timestamp, verify } from './walletTimestamp.js';
import { runTnt } from './walletTnt.js';

export const WALLET_HELP = `Usage: core-registry wallet <command> [options]

Commands:
  init                        Create a wallet file: a secp256k1 key and a new did:core
  did                         Print the wallet's DID
  register --credential C     Register the DID with an onboarding credential (a JWT or a file):
                              invite token, then insertDidDocument
  keys add [--curve C] [--relationship R]
                              Add a key (P-256 by default) with a relationship (assertionMethod
                              by default) to the DID; the wallet keeps it
  keys roll                   Replace the controller key by a new secp256k1 key
  issuer accept --credential C
                              Accept an accreditation (TAO or TI): issuers-registry:invite
                              token, then setAttributeData on the reserved attribute
  token <scope>... [--credential C]
                              Print an access token for the scopes (e.g. timestamp:write), with
                              the credential a scope needs (ledger:invoke:<address>)
  timestamp <file>            Timestamp the SHA-256 of a file (commit, wait, reveal)
  verify <file>               Read the timestamp of a file's SHA-256 back from the node
  tnt create <documentHash> [metadata]
                              Create a Track and Trace document (commit, wait, reveal); the DID
                              must be authorised as a creator
  tnt grant <documentHash> <did> [write|delegate]
                              Let a did:core or did:key write events to (or delegate on) a document
  tnt event <documentHash> <eventId> <metadata> [origin]
                              Write an event to a document
  schema insert <schema.json> [metadata.json]
                              Insert a schema (its id is the SHA-256 of the file); needs
                              TSR:insertSchema
  schema update <schemaId> <schema.json> [metadata.json]
                              Add a revision to a schema; needs TSR:updateSchema

Options: --wallet F (CORE_WALLET, ./wallet.json), --node URL (CORE_NODE_URL,
  http://localhost:8080), --json
`;

/** Runs `core-registry wallet <command> …`. */
export async function runWallet(args: string[], context: WalletContext): Promise<void> {
  return runCommand(WALLET_COMMANDS, args, context, usageOf('wallet', WALLET_HELP));
}

const WALLET_COMMANDS: Commands<WalletContext> = {
  init: (_rest, context) => init(context),
  did: (_rest, context) => printDid(context),
  register: (_rest, context) => register(context),
  token,
  timestamp,
  keys: runKeys,
  tnt: runTnt,
  schema: runSchema,
  issuer: (rest, context) => {
    if (rest[0] !== 'accept' || rest.length > 1)
      throw new CliUsageError('wallet issuer takes one command: accept --credential C');
    return acceptAccreditation(context);
  },
  verify,
};

async function init({ output, walletPath }: WalletContext) {
  const signer = await output.step('Create the wallet', () => createWalletFile(walletPath));
  output.result(
    { did: signer.did, kid: signer.kid, address: signer.account?.address, wallet: walletPath },
    `${signer.did}\n  key ${signer.kid}\n  account ${signer.account?.address}\n  saved in ${walletPath}`,
  );
}

async function printDid({ output, walletPath }: WalletContext) {
  const signer = await readWalletSigner(walletPath);
  output.result({ did: signer.did }, signer.did);
}

async function register({ client, output, walletPath, credential }: WalletContext) {
  if (credential === undefined)
    throw new CliUsageError('wallet register needs --credential (an onboarding credential)');
  const holder = await readWalletSigner(walletPath);
  const onboardingCredential = await readJwt(credential);
  const receipt = await output.step('Register the DID (invite token, insertDidDocument)', () =>
    registerDid(client, { holder, onboardingCredential }),
  );
  const href = `${client.baseUrl}/v1/did-registry/identifiers/${holder.did}`;
  output.result(
    { did: holder.did, transactionHash: receipt.transactionHash, href },
    `${holder.did} registered in block ${BigInt(receipt.blockNumber)}\n  ${href}`,
  );
}

async function acceptAccreditation({ client, output, walletPath, credential }: WalletContext) {
  if (credential === undefined)
    throw new CliUsageError('wallet issuer accept needs --credential (an accreditation)');
  const holder = await readWalletSigner(walletPath);
  const account = requireAccount(holder);
  const accreditation = await readJwt(credential);
  const attributeId = reservedAttributeIdOf(accreditation);
  const accessToken = await requestTokenStep(
    { client, output },
    holder,
    'issuers-registry:invite',
    accreditation,
  );
  const receipt = await writeStep({ client, output }, `Set the data of attribute ${attributeId}`, {
    registry: 'issuers-registry',
    functionName: 'setAttributeData',
    args: [holder.did, attributeId, toHex(accreditation)],
    account,
    accessToken,
  });
  const href = `${client.baseUrl}/v1/issuers-registry/issuers/${holder.did}/attributes/${attributeId}`;
  output.result(
    { did: holder.did, attributeId, href, transactionHash: receipt.transactionHash },
    `${holder.did} accepted its accreditation\n  ${href}`,
  );
}

/** `credentialSubject.reservedAttributeId` of an accreditation JWT (checked again by the node). */
function reservedAttributeIdOf(jwt: string): string {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const id = payload?.vc?.credentialSubject?.reservedAttributeId;
    if (typeof id === 'string' && /^0x[0-9a-fA-F]{64}$/.test(id)) return id;
  } catch {}
  throw new CliUsageError(
    'The credential names no credentialSubject.reservedAttributeId: is it an accreditation?',
  );
}

async function token(scopes: string[], { client, output, walletPath, credential }: WalletContext) {
  if (scopes.length === 0) throw new CliUsageError('wallet token needs at least one scope');
  const holder = await readWalletSigner(walletPath);
  const scope = [
    'openid',
    ...scopes.flatMap((s) => s.split(' ')).filter((s) => s && s !== 'openid'),
  ].join(' ');
  const presented = credential === undefined ? undefined : await readJwt(credential);
  const granted = await output.step(`Request a token for "${scope}"`, () =>
    requestToken({
      baseUrl: client.baseUrl,
      scope,
      holder,
      ...(presented === undefined ? {} : { credential: presented }),
    }),
  );
  output.result({ accessToken: granted.accessToken, scope: granted.scope }, granted.accessToken);
}

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** A compact JWT given inline, or read from a file. */
export async function readJwt(value: string): Promise<string> {
  const jwt = JWT.test(value)
    ? value
    : await readFile(value, 'utf8').then(
        (text) => text.trim(),
        () => '',
      );
  if (!JWT.test(jwt))
    throw new CliUsageError(`${value} is not a compact JWT nor a file holding one`);
  return jwt;
}
