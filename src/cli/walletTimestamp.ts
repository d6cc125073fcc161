import { readFile } from 'node:fs/promises';
import { type Address, type Hex, sha256, toHex } from 'viem';
import { commitAndReveal } from '../client/commitAndReveal.js';
import type { CoreClient } from '../client/createCoreClient.js';
import { paginate } from '../client/paginate.js';
import type { HashAlgorithm, Timestamp } from '../client/responses.js';
import { toTimestampIdMultibase } from '../registries/timestamp/ids.js';
import { readPathOf, writeScopeOf } from './instance.js';
import { CliPreconditionError, CliUsageError } from './output.js';
import { getIfFound } from './preconditions.js';
import { readWalletWriter, requestTokenStep } from './steps.js';
import type { WalletContext } from './walletContext.js';

/**
 * `wallet timestamp <file>`: commit–reveal of the file's SHA-256 in the Timestamp registry. A hash
 * timestamped already is reported with when and by whom, and nothing is sent: the contract would
 * keep the first timestamp anyway. The ledger's data is public and immutable: the timestamp's data
 * is empty unless `--name` gives a name, never the file's path or name.
 */
export async function timestamp(files: string[], context: WalletContext) {
  const { client, output, walletPath, contractAddress } = context;
  const file = oneFile('timestamp', files);
  const timestampData = timestampDataOf(context.name);
  const holder = await readWalletWriter(walletPath);
  const hashValue = await output.step(`Hash ${file} with SHA-256`, async () =>
    sha256(await readFileOf(file)),
  );
  const { timestampId, path, href } = timestampOf(client, hashValue, contractAddress);
  const existing = await output.step(`Check whether ${file} is timestamped already`, () =>
    getIfFound<Timestamp>(client, path),
  );
  if (existing) {
    const { timestampedBy, timestamp, blockNumber } = existing;
    output.result(
      { file, hashValue, timestampId, href, timestampedBy, timestamp, blockNumber },
      `${file} was timestamped already, at ${timestamp} (block ${blockNumber}) by ${timestampedBy}: nothing sent\n  ${href}`,
    );
    return;
  }
  const algorithmId = await output.step('Find SHA-256 among the hash algorithms', () =>
    findHashAlgorithm(client, 'sha-256', contractAddress),
  );
  const scope = writeScopeOf('timestamp', contractAddress);
  const accessToken = await requestTokenStep(context, holder, scope);
  const written = await output.step('Commit, wait for maturity, reveal', (progress) =>
    commitAndReveal(client, {
      registry: 'timestamp',
      functionName: 'timestampHashes',
      args: [[algorithmId], [hashValue], [timestampData]],
      account: holder.account,
      accessToken,
      ...(contractAddress ? { contractAddress } : {}),
      onProgress: progress,
    }),
  );
  output.result(
    { timestampId, hashValue, href, transactionHash: written.reveal.transactionHash },
    `${timestampId}\n  sha-256 ${hashValue}\n  ${href}`,
  );
}

/** `wallet verify <file>`: reads the timestamp of the file's SHA-256. */
export async function verify(files: string[], { client, output, contractAddress }: WalletContext) {
  const file = oneFile('verify', files);
  const hashValue = sha256(await readFileOf(file));
  const { path, href } = timestampOf(client, hashValue, contractAddress);
  const found = await output.step(`Read the timestamp of ${file}`, () =>
    client.get<Timestamp>(path),
  );
  output.result(
    { file, hashValue, ...found },
    `${file} was timestamped at ${found.timestamp} (block ${found.blockNumber}) by ${found.timestampedBy}\n  ${href}`,
  );
}

/** The data published with a timestamp: `{"name"}` only when the user gave one, else nothing. */
function timestampDataOf(name: string | undefined): Hex {
  if (name === undefined) return '0x';
  if (name.trim() === '')
    throw new CliUsageError('--name is empty: leave it out to publish no name');
  return toHex(JSON.stringify({ name }));
}

/** The one file argument of `command`. */
function oneFile(command: string, files: readonly string[]): string {
  const [file] = files;
  if (file === undefined || files.length > 1)
    throw new CliUsageError(`wallet ${command} takes one file`);
  return file;
}

/** Where the timestamp of a hash value is read: its id, its path on the node, its URL. */
function timestampOf(client: CoreClient, hashValue: Hex, contractAddress: Address | undefined) {
  const timestampId = toTimestampIdMultibase(sha256(hashValue));
  const path = readPathOf(`/v1/timestamp/timestamps/${timestampId}`, contractAddress);
  return { timestampId, path, href: `${client.baseUrl}${path}` };
}

/** A file's bytes; a missing file is a usage error. */
async function readFileOf(path: string): Promise<Buffer> {
  return readFile(path).catch((error: NodeJS.ErrnoException) => {
    throw new CliUsageError(`Cannot read ${path}: ${error.code ?? error.message}`);
  });
}

/** The id of an active hash algorithm by IANA name, read from the node. */
async function findHashAlgorithm(
  client: CoreClient,
  ianaName: string,
  contractAddress: Address | undefined,
): Promise<bigint> {
  for await (const { href } of paginate<{ href: string }>(
    client,
    readPathOf('/v1/timestamp/hash-algorithms', contractAddress),
  )) {
    const algorithm = await client.get<HashAlgorithm>(href);
    if (algorithm.ianaName === ianaName && algorithm.status === 'active')
      return BigInt(algorithm.hashAlgorithmId);
  }
  throw new CliPreconditionError(
    `The node has no active ${ianaName} hash algorithm: the operator adds it with "npx core-registry admin hash-algorithm ${ianaName}"`,
  );
}
