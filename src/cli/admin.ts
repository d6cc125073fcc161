import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Address, getAddress, type Hex, isAddress, toHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { CoreClient, RegistrySegment } from '../client/createCoreClient.js';
import { createCredential } from '../client/credentials.js';
import { paginate } from '../client/paginate.js';
import { createDidCoreSigner } from '../client/signers.js';
import { deployInstance } from '../genesis/deployInstance.js';
import { readEnvironment } from '../genesis/environment.js';
import { readOperator } from '../genesis/operator.js';
import { ISSUER_TYPES } from '../identity/issuerTypes.js';
import { type PublicEcJwk, toPublicKeyHex } from '../identity/jwk.js';
import { createLedgerClient } from '../ledger/createLedgerClient.js';
import { RPC_URL_FILE } from '../ledger/embedded/embeddedLedger.js';
import { REGISTRIES, REGISTRY_NAMES, type RegistryName } from '../registries/catalog.js';
import { type InstanceOption, writeScopeOf } from './instance.js';
import { CliUsageError, type Output } from './output.js';
import { type Commands, runCommand, usageOf } from './runCommand.js';
import { requestTokenStep, requireAccount, writeStep } from './steps.js';

export type AdminContext = {
  client: CoreClient;
  output: Output;
  /** The operator key file (`--operator-key`, default `<data-dir>/operator.json`). */
  operatorKeyPath: string;
  /** The data directory (`--data-dir`, `CORE_DATA_DIR`): where the environment and the embedded ledger's URL are. */
  dataDir: string;
  /** `--ledger-url` / `CORE_LEDGER_URL`: the ledger, for the one task that needs it (deploy-instance). */
  ledgerUrl: string | undefined;
  /** `--environment` / `CORE_ENVIRONMENT` (default `<data-dir>/environment.json`). */
  environmentPath: string | undefined;
} & InstanceOption;

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

async function deployRegistryInstance([registry, ...extra]: string[], context: AdminContext) {
  if (registry === undefined || !(registry in REGISTRIES) || extra.length > 0)
    throw new CliUsageError(`admin deploy-instance takes one of ${REGISTRY_NAMES.join(', ')}`);
  const operator = await readOperatorOf(context.operatorKeyPath);
  const environmentPath = context.environmentPath ?? join(context.dataDir, 'environment.json');
  const environment = readEnvironment(environmentPath);
  if (!environment)
    throw new CliUsageError(
      `No environment at ${environmentPath}: pass --environment or --data-dir`,
    );
  const ledgerUrl = context.ledgerUrl ?? (await embeddedLedgerUrl(context.dataDir));
  const ledger = createLedgerClient({ url: ledgerUrl });
  try {
    const { address } = await context.output.step(
      `Deploy a ${registry} instance through the Contracts Registry`,
      () => deployInstance({ ledger, operator, environment, registry: registry as RegistryName }),
    );
    const href = `${context.client.baseUrl}/v1/contracts-registry/contracts/${address}`;
    context.output.result(
      { registry, contractAddress: address, href },
      `${address}\n  ${href}\n  write to it with a token for "${registry === 'track-and-trace' ? 'track-and-trace:write' : `${registry}:write`}:${address}"`,
    );
  } finally {
    await ledger.close();
  }
}

/** The URL the running embedded ledger of a data directory wrote down. */
async function embeddedLedgerUrl(dataDir: string): Promise<string> {
  const file = join(dataDir, 'ledger', RPC_URL_FILE);
  return (
    (await readFile(file, 'utf8').catch(() => '')).trim() ||
    Promise.reject(
      new CliUsageError(
        `No ledger: pass --ledger-url, or run this where a node with an embedded ledger runs (${file} is missing)`,
      ),
    )
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

/** What the operator (RootTAO) accredits: the issuer type and the credential type that carries it. */
const ACCREDITATIONS = {
  TAO: {
    issuerType: ISSUER_TYPES.indexOf('TAO'),
    credentialType: 'VerifiableAccreditationToAccredit',
  },
  TI: { issuerType: ISSUER_TYPES.indexOf('TI'), credentialType: 'VerifiableAccreditationToAttest' },
} as const;

async function accredit([did, as = 'TAO', ...extra]: string[], context: AdminContext) {
  if (did === undefined || !did.startsWith('did:') || !(as in ACCREDITATIONS) || extra.length > 0)
    throw new CliUsageError('admin accredit takes a DID and TAO (default) or TI');
  if (context.contractAddress)
    throw new CliUsageError('admin accredit works on the default Trusted Issuers Registry only');
  const { issuerType, credentialType } = ACCREDITATIONS[as as keyof typeof ACCREDITATIONS];
  const operator = await readOperatorSigner(context.operatorKeyPath);
  const rootAttributeId = await context.output.step("Find the operator's RootTAO attribute", () =>
    firstAttributeOf(context.client, operator.did),
  );
  const attributeId = toHex(randomBytes(32));
  const receipt = await sendAsOperator(context, {
    step: `Reserve ${as} attribute ${attributeId} for ${did}`,
    registry: 'issuers-registry',
    functionName: 'setAttributeMetadata',
    args: [did, attributeId, issuerType, operator.did, rootAttributeId],
  });
  const credential = createCredential({
    issuer: operator,
    subject: did,
    type: credentialType,
    claims: { reservedAttributeId: attributeId },
  });
  context.output.result(
    { credential, did, issuerType: as, attributeId, transactionHash: receipt.transactionHash },
    credential,
  );
}

/** The first attribute of an issuer (the operator has one: its RootTAO attribute). */
async function firstAttributeOf(client: CoreClient, did: string): Promise<Hex> {
  for await (const { id } of paginate<{ id: Hex }>(
    client,
    `/v1/issuers-registry/issuers/${did}/attributes`,
  ))
    return id;
  throw new Error(`${did} has no attribute in the Trusted Issuers Registry`);
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

/** One write of the operator through the API: a token for the registry's write scope, then the transaction. */
async function sendAsOperator(
  { client, output, operatorKeyPath, contractAddress }: AdminContext,
  write: {
    step: string;
    registry: RegistrySegment;
    functionName: string;
    args: readonly unknown[];
  },
) {
  const operator = await readOperatorSigner(operatorKeyPath);
  const scope = writeScopeOf(write.registry, contractAddress);
  const accessToken = await requestTokenStep({ client, output }, operator, scope);
  return writeStep({ client, output }, write.step, {
    registry: write.registry,
    functionName: write.functionName,
    args: write.args,
    account: operator.account,
    accessToken,
    ...(contractAddress ? { contractAddress } : {}),
  });
}

/** The operator as a signer: its did:core and its secp256k1 key, with the key's account. */
async function readOperatorSigner(path: string) {
  const { did, privateKeyJwk } = await readOperatorOf(path);
  const signer = await createDidCoreSigner({ did, privateKeyJwk });
  return { ...signer, account: requireAccount(signer) };
}

function readOperatorOf(path: string) {
  return readOperator(path).catch((error: unknown) => {
    throw new CliUsageError(
      `Cannot use the operator key ${path} (${(error as Error).message}): run admin commands where the node's data directory is, or pass --operator-key`,
    );
  });
}
