import { privateKeyToAccount } from 'viem/accounts';
import type { CoreClient } from '../client/createCoreClient.js';
import { createCredential, type Signer } from '../client/credentials.js';
import { requestToken } from '../client/requestToken.js';
import { waitForReceipt, writeContract } from '../client/writeContract.js';
import { toPrivateKeyHex } from '../identity/jwk.js';
import { readOperator } from '../ledger/genesis/operator.js';
import { CliUsageError, type Output } from './output.js';

export type AdminContext = {
  client: CoreClient;
  output: Output;
  /** The operator key file (`--operator-key`, default `<data-dir>/operator.json`). */
  operatorKeyPath: string;
};

export const ADMIN_HELP = `Usage: core-registry admin <command> [options]

Commands (signed with the operator key of the environment):
  onboard <did>               Issue a VerifiableAuthorisationToOnboard for a DID (prints the JWT)
  hash-algorithm <name>       Add a hash algorithm to the Timestamp registry
                              (sha-256, sha-384 or sha-512)

Options: --operator-key F (default <data-dir>/operator.json), --data-dir DIR (CORE_DATA_DIR),
  --node URL (CORE_NODE_URL, http://localhost:8080), --json
`;

/** The hash algorithms the CLI knows how to describe: IANA name → `insertHashAlgorithm` arguments. */
const HASH_ALGORITHMS = {
  'sha-256': { outputLengthBits: 256n, oid: '2.16.840.1.101.3.4.2.1', multihash: 'sha2-256' },
  'sha-384': { outputLengthBits: 384n, oid: '2.16.840.1.101.3.4.2.2', multihash: 'sha2-384' },
  'sha-512': { outputLengthBits: 512n, oid: '2.16.840.1.101.3.4.2.3', multihash: 'sha2-512' },
} as const;
/** `ITimestamp.HashAlgorithmStatus.Active`. */
const ACTIVE = 1;

/** Runs `core-registry admin <command> …`. */
export async function runAdmin(args: string[], context: AdminContext): Promise<void> {
  const [command, ...rest] = args;
  switch (command) {
    case 'onboard':
      return onboard(rest, context);
    case 'hash-algorithm':
      return addHashAlgorithm(rest, context);
    default:
      throw new CliUsageError(
        command === undefined ? ADMIN_HELP : `Unknown admin command "${command}"\n\n${ADMIN_HELP}`,
      );
  }
}

async function onboard(dids: string[], { output, operatorKeyPath }: AdminContext) {
  const [did] = dids;
  if (did === undefined || dids.length > 1 || !did.startsWith('did:'))
    throw new CliUsageError('admin onboard takes one DID');
  const operator = await readOperatorSigner(operatorKeyPath);
  const credential = createCredential({
    issuer: operator,
    subject: did,
    type: 'VerifiableAuthorisationToOnboard',
  });
  output.result({ credential, subject: did, issuer: operator.did }, credential);
}

async function addHashAlgorithm(
  names: string[],
  { client, output, operatorKeyPath }: AdminContext,
) {
  const [name] = names;
  if (name === undefined || names.length > 1 || !(name in HASH_ALGORITHMS))
    throw new CliUsageError(
      `admin hash-algorithm takes one of ${Object.keys(HASH_ALGORITHMS).join(', ')}`,
    );
  const { outputLengthBits, oid, multihash } =
    HASH_ALGORITHMS[name as keyof typeof HASH_ALGORITHMS];
  const operator = await readOperatorSigner(operatorKeyPath);
  const { accessToken } = await output.step('Request a timestamp:write token', () =>
    requestToken({ baseUrl: client.baseUrl, scope: 'openid timestamp:write', holder: operator }),
  );
  const receipt = await output.step(`Insert ${name}`, async () => {
    const hash = await writeContract(client, {
      registry: 'timestamp',
      functionName: 'insertHashAlgorithm',
      args: [outputLengthBits, name, oid, ACTIVE, multihash],
      account: operator.account,
      accessToken,
    });
    return waitForReceipt(client, { hash, registry: 'timestamp' });
  });
  output.result(
    { ianaName: name, transactionHash: receipt.transactionHash },
    `${name} added in block ${BigInt(receipt.blockNumber)}`,
  );
}

async function readOperatorSigner(path: string) {
  const operator = await readOperator(path).catch((error: unknown) => {
    throw new CliUsageError(
      `Cannot use the operator key ${path} (${(error as Error).message}): run admin commands where the node's data directory is, or pass --operator-key`,
    );
  });
  const signer: Signer = {
    did: operator.did,
    kid: operator.kid,
    privateKeyJwk: operator.privateKeyJwk,
  };
  return { ...signer, account: privateKeyToAccount(toPrivateKeyHex(operator.privateKeyJwk)) };
}
