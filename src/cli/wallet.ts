import { registerDid } from '../client/registerDid.js';
import { requestToken } from '../client/requestToken.js';
import type { CommandGroup } from './commandTree.js';
import { CliUsageError } from './output.js';
import { readJwt } from './readJwt.js';
import type { WalletContext } from './walletContext.js';
import { createWalletFile, readWalletSigner } from './walletFile.js';
import { ISSUER_COMMANDS } from './walletIssuer.js';
import { KEYS_COMMANDS } from './walletKeys.js';
import { SCHEMA_COMMANDS } from './walletSchema.js';
import { timestamp, verify } from './walletTimestamp.js';
import { TNT_COMMANDS } from './walletTnt.js';

/** `core-registry wallet …`: a legal entity's wallet file and what it signs. */
export const WALLET_COMMANDS: CommandGroup<WalletContext> = {
  summary: "A legal entity's wallet: its did:core and keys (a wallet file), and what it signs.",
  options: `Options: --wallet F (CORE_WALLET, ./wallet.json), --node URL (CORE_NODE_URL,
  http://localhost:8080), --json (one JSON document on stdout: the result, or
  {"error": {"step", "message", "reason"}}).
  Exit codes: 0 done, 1 a step failed (the message names it), 2 bad usage.`,
  commands: {
    init: {
      args: '[--pkcs11 <pkcs11: URI>]',
      summary: 'Create a wallet file: a secp256k1 key and a new did:core',
      details:
        'A wallet file is never overwritten; it is written with mode 0600. --pkcs11 U: the key is\nthe secp256k1 key U names in an HSM (made with "keys generate --curve secp256k1"); the file\nholds its URI and public key, and every signature of the wallet is made inside the HSM (the\nlibrary and PIN from U, else CORE_PKCS11_MODULE and CORE_PKCS11_PIN).',
      run: (_args, context) => init(context),
    },
    did: {
      summary: "Print the wallet's DID",
      run: (_args, context) => printDid(context),
    },
    register: {
      args: '--credential C',
      summary:
        'Register the DID with an onboarding credential (a JWT or a file):\ninvite token, then insertDidDocument',
      details: 'The operator issues the credential with "admin onboard <did>".',
      publishes:
        'the DID, its controller key (public key, account) and validity window, and a DID document holding only the DID contexts; the onboarding credential goes to the node, not to the ledger',
      run: (_args, context) => register(context),
    },
    keys: KEYS_COMMANDS,
    issuer: ISSUER_COMMANDS,
    token: {
      args: '<scope>... [--credential C]',
      summary:
        'Print an access token for the scopes (e.g. timestamp:write), with\nthe credential a scope needs (ledger:invoke:<address>)',
      run: token,
    },
    timestamp: {
      args: '<file> [--name N]',
      summary:
        'Timestamp the SHA-256 of a file (commit, wait, reveal); a file\ntimestamped already is reported, not timestamped again',
      details:
        '--name N publishes N as the timestamp\'s name; without it the timestamp has no data.\n--contract-address A timestamps in another Timestamp instance. Needs an active sha-256\nhash algorithm ("admin hash-algorithm sha-256").',
      publishes:
        "the file's SHA-256, the wallet's account and, only with --name, the name given; never the file's path or name, nor its content",
      run: timestamp,
    },
    verify: {
      args: '<file>',
      summary: "Read the timestamp of a file's SHA-256 back from the node",
      details: '--contract-address A reads another Timestamp instance.',
      run: verify,
    },
    tnt: TNT_COMMANDS,
    schema: SCHEMA_COMMANDS,
  },
};

async function init({ output, walletPath, pkcs11 }: WalletContext) {
  const signer = await output.step('Create the wallet', () => createWalletFile(walletPath, pkcs11));
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
