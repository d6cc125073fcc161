import { type Address, getAddress, isAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { CoreClient } from '../client/createCoreClient.js';
import { createCredential } from '../client/credentials.js';
import { type PublicEcJwk, toPublicKeyHex } from '../identity/jwk.js';
import { accredit } from './adminAccredit.js';
import type { AdminContext } from './adminContext.js';
import { deployRegistryInstance } from './adminDeployInstance.js';
import { readOperatorSigner, sendAsOperator } from './operatorSteps.js';
import { CliUsageError } from './output.js';
import { type Commands, runCommand, usageOf } from './runCommand.js';

export const ADMIN_HELP = `Usage: core-registry admin <command> [options]

Commands (signed with the operator key of the environment):
  onboard <did>               Issue a VerifiableAuthorisationToOnboard for a DID (prints the JWT)
  hash-algorithm <name>       Add a hash algorithm to the Timestamp registry
                              (sha-256, sha-384 or sha-512)
  accredit <did> [TAO|TI]     Reserve a TAO (default) or TI attribute for a DID in the Trusted
                              Issuers Registry and issue the accreditation credential (prints
                              the JWT; the DID accepts it with "wallet issuer accept")
  deploy-instance <registry>  Deploy another instance of a registry (e.g. timestamp) through the
                              Contracts Registry. Talks to the ledger itself: --ledger-url
                              (CORE_LEDGER_URL), else the embedded ledger of --data-dir
  invoke <did> <address>      Issue a VerifiableAuthorisationToInvoke of a contract to a DID (the
                              holder asks "wallet token ledger:invoke:<address> --credential C")
  grant <subject> <attr>...   Give policy attributes (e.g. TNT:authoriseDid) to a subject: an
                              address, or a did:core (its capabilityInvocation secp256k1 keys)
  revoke <subject> <attr>...  Take policy attributes back

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
  return runCommand(ADMIN_COMMANDS, args, context, usageOf('admin', ADMIN_HELP));
}

const ADMIN_COMMANDS: Commands<AdminContext> = {
  onboard,
  'hash-algorithm': addHashAlgorithm,
  accredit,
  'deploy-instance': deployRegistryInstance,
  invoke: authoriseInvocation,
  grant: (rest, context) => changeAttributes('insertUserAttributes', rest, context),
  revoke: (rest, context) => changeAttributes('deleteUserAttributes', rest, context),
};

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

async function addHashAlgorithm(names: string[], context: AdminContext) {
  const [name] = names;
  if (name === undefined || names.length > 1 || !(name in HASH_ALGORITHMS))
    throw new CliUsageError(
      `admin hash-algorithm takes one of ${Object.keys(HASH_ALGORITHMS).join(', ')}`,
    );
  const { outputLengthBits, oid, multihash } =
    HASH_ALGORITHMS[name as keyof typeof HASH_ALGORITHMS];
  const receipt = await sendAsOperator(context, {
    step: `Insert ${name}`,
    registry: 'timestamp',
    functionName: 'insertHashAlgorithm',
    args: [outputLengthBits, name, oid, ACTIVE, multihash],
  });
  context.output.result(
    { ianaName: name, transactionHash: receipt.transactionHash },
    `${name} added in block ${BigInt(receipt.blockNumber)}`,
  );
}

async function changeAttributes(
  functionName: 'insertUserAttributes' | 'deleteUserAttributes',
  [subject, ...attributes]: string[],
  context: AdminContext,
) {
  const verb = functionName === 'insertUserAttributes' ? 'grant' : 'revoke';
  if (subject === undefined || attributes.length === 0)
    throw new CliUsageError(`admin ${verb} takes a subject and at least one attribute`);
  const addresses = await context.output.step(`Resolve ${subject}`, () =>
    addressesOf(context.client, subject),
  );
  const receipts = [];
  for (const address of addresses) {
    receipts.push(
      await sendAsOperator(context, {
        step: `${verb === 'grant' ? 'Grant' : 'Revoke'} ${attributes.join(', ')} ${verb === 'grant' ? 'to' : 'from'} ${address}`,
        registry: 'policies-registry',
        functionName,
        args: [address, attributes],
      }),
    );
  }
  context.output.result(
    { subject, addresses, attributes, transactionHashes: receipts.map((r) => r.transactionHash) },
    `${verb === 'grant' ? 'granted' : 'revoked'} ${attributes.join(', ')} ${verb === 'grant' ? 'to' : 'from'} ${addresses.join(', ')}`,
  );
}

async function authoriseInvocation([did, contract, ...extra]: string[], context: AdminContext) {
  if (
    did === undefined ||
    !did.startsWith('did:') ||
    contract === undefined ||
    !isAddress(contract, { strict: false }) ||
    extra.length > 0
  )
    throw new CliUsageError('admin invoke takes a DID and a contract address');
  const operator = await readOperatorSigner(context.operatorKeyPath);
  const contractAddress = getAddress(contract);
  const credential = createCredential({
    issuer: operator,
    subject: did,
    type: 'VerifiableAuthorisationToInvoke',
    claims: { contractAddress },
  });
  context.output.result({ credential, subject: did, contractAddress }, credential);
}

/** An address as is; a DID as the addresses of its secp256k1 capabilityInvocation keys. */
async function addressesOf(client: CoreClient, subject: string): Promise<Address[]> {
  if (isAddress(subject, { strict: false })) return [getAddress(subject)];
  if (!subject.startsWith('did:'))
    throw new CliUsageError(`${subject} is neither an address nor a DID`);
  const document = await client.get<{
    verificationMethod?: { id: string; publicKeyJwk?: PublicEcJwk }[];
    capabilityInvocation?: string[];
  }>(`/v1/did-registry/identifiers/${subject}`);
  const invocation = new Set(document.capabilityInvocation ?? []);
  const addresses = (document.verificationMethod ?? [])
    .filter(({ id, publicKeyJwk }) => invocation.has(id) && publicKeyJwk?.crv === 'secp256k1')
    .map(({ publicKeyJwk }) => publicKeyToAddress(toPublicKeyHex(publicKeyJwk as PublicEcJwk)));
  if (addresses.length === 0)
    throw new Error(`${subject} has no secp256k1 capabilityInvocation key`);
  return addresses;
}
