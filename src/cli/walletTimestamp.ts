import { readFile } from 'node:fs/promises';
import { type Address, sha256, toHex } from 'viem';
import { commitAndReveal } from '../client/commitAndReveal.js';
import type { CoreClient } from '../client/createCoreClient.js';
import { paginate } from '../client/paginate.js';
import { toTimestampIdMultibase } from '../registries/timestamp/ids.js';
import { readPathOf, writeScopeOf } from './instance.js';
import { CliUsageError } from './output.js';
import { requestTokenStep, requireAccount } from './steps.js';
import type { WalletContext } from './walletContext.js';
import { readWalletSigner } from './walletFile.js';

/** `wallet timestamp <file>`: commit–reveal of the file's SHA-256 in the Timestamp registry. */
export async function timestamp(
  files: string[],
  { client, output, walletPath, contractAddress }: WalletContext,
) {
  const [file] = files;
  if (file === undefined || files.length > 1)
    throw new CliUsageError('wallet timestamp takes one file');
  const holder = await readWalletSigner(walletPath);
  const account = requireAccount(holder);
  const scope = writeScopeOf('timestamp', contractAddress);
  const hashValue = await output.step(`Hash ${file} with SHA-256`, async () =>
    sha256(await readFileOf(file)),
  );
  const algorithmId = await output.step('Find SHA-256 among the hash algorithms', () =>
    findHashAlgorithm(client, 'sha-256', contractAddress),
  );
  const accessToken = await requestTokenStep({ client, output }, holder, scope);
  const written = await output.step('Commit, wait for maturity, reveal', (progress) =>
    commitAndReveal(client, {
      registry: 'timestamp',
      functionName: 'timestampHashes',
      args: [[algorithmId], [hashValue], [toHex(JSON.stringify({ name: file }))]],
      account,
      accessToken,
      ...(contractAddress ? { contractAddress } : {}),
      onProgress: progress,
    }),
  );
  const timestampId = toTimestampIdMultibase(sha256(hashValue));
  const href = `${client.baseUrl}${readPathOf(`/v1/timestamp/timestamps/${timestampId}`, contractAddress)}`;
  output.result(
    { timestampId, hashValue, href, transactionHash: written.reveal.transactionHash },
    `${timestampId}\n  sha-256 ${hashValue}\n  ${href}`,
  );
}

/** `wallet verify <file>`: reads the timestamp of the file's SHA-256. */
export async function verify(files: string[], { client, output, contractAddress }: WalletContext) {
  const [file] = files;
  if (file === undefined || files.length > 1)
    throw new CliUsageError('wallet verify takes one file');
  const hashValue = sha256(await readFileOf(file));
  const timestampId = toTimestampIdMultibase(sha256(hashValue));
  const path = readPathOf(`/v1/timestamp/timestamps/${timestampId}`, contractAddress);
  const found = await output.step(`Read the timestamp of ${file}`, () =>
    client.get<{ timestampedBy: string; timestamp: string; blockNumber: number }>(path),
  );
  output.result(
    { file, hashValue, ...found },
    `${file} was timestamped at ${found.timestamp} (block ${found.blockNumber}) by ${found.timestampedBy}\n  ${client.baseUrl}${path}`,
  );
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
    const algorithm = await client.get<{
      hashAlgorithmId: number;
      ianaName: string;
      status: string;
    }>(href);
    if (algorithm.ianaName === ianaName && algorithm.status === 'active')
      return BigInt(algorithm.hashAlgorithmId);
  }
  throw new Error(
    `The node has no active ${ianaName} hash algorithm: the operator adds it with "core-registry admin hash-algorithm ${ianaName}"`,
  );
}
