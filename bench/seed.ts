import { randomBytes } from 'node:crypto';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  keccak256,
  toHex,
} from 'viem';
import type { Environment } from '../src/genesis/environment.js';
import type { Operator } from '../src/genesis/operator.js';
import { REGISTRIES } from '../src/registries/catalog.js';

const MATURITY = 5n;

/**
 * Writes the data the read rows measure, as the operator, straight to the ledger: a hash
 * algorithm and one timestamp (commit–reveal), and `documents` Track and Trace documents.
 */
export async function seed(
  ledgerUrl: string,
  environment: Environment,
  operator: Operator,
  documents: number,
): Promise<void> {
  const chain = defineChain({
    id: environment.chainId,
    name: 'bench',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [ledgerUrl] } },
  });
  const { account } = operator;
  const client = createPublicClient({ chain, transport: http(ledgerUrl), pollingInterval: 50 });
  const wallet = createWalletClient({ account, chain, transport: http(ledgerUrl) });
  const free = { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n, gas: 5_000_000n } as const;
  const send = (call: {
    address: Address;
    abi: readonly unknown[];
    functionName: string;
    args: readonly unknown[];
  }) => wallet.writeContract({ ...call, ...free } as never);
  const mined = async (hashes: Hex[]) => {
    for (const hash of hashes)
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  };
  const matured = async (from: bigint) => {
    while ((await client.getBlockNumber()) < from + MATURITY)
      await new Promise((r) => setTimeout(r, 50));
  };

  const timestamp = { address: environment.registries.timestamp, abi: REGISTRIES.timestamp.abi };
  const tnt = {
    address: environment.registries['track-and-trace'],
    abi: REGISTRIES['track-and-trace'].abi,
  };
  const did = operator.did;

  const hashValue = keccak256(toHex('core-registry bench'));
  const salt = toHex(randomBytes(32));
  const tsArgs = [[0n], [hashValue], ['0x'], salt] as const;
  const tsCommitment = (await client.readContract({
    ...timestamp,
    functionName: 'computeTimestampCommitment',
    args: [account.address, ...tsArgs],
  } as never)) as Hex;

  const docs = Array.from({ length: documents }, (_, i) => ({
    hash: keccak256(toHex(`bench document ${i}`)),
    metadata: `{"n":${i}}`,
    salt: toHex(randomBytes(32)),
  }));
  const docCommitments = await Promise.all(
    docs.map(
      (doc) =>
        client.readContract({
          ...tnt,
          functionName: 'computeCreateDocumentCommitment',
          args: [account.address, doc.hash, doc.metadata, did, doc.salt],
        } as never) as Promise<Hex>,
    ),
  );

  const commits: Hex[] = [
    await send({
      ...timestamp,
      functionName: 'insertHashAlgorithm',
      args: [256n, 'sha-256', '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'],
    }),
    await send({ ...timestamp, functionName: 'commitTimestampHashes', args: [tsCommitment] }),
    await send({ ...tnt, functionName: 'authoriseDid', args: [did, did, true] }),
  ];
  for (const commitment of docCommitments)
    commits.push(await send({ ...tnt, functionName: 'commitCreateDocument', args: [commitment] }));
  await mined(commits);
  await matured(await client.getBlockNumber());

  const reveals: Hex[] = [
    await send({ ...timestamp, functionName: 'timestampHashes', args: [...tsArgs] }),
  ];
  for (const doc of docs) {
    reveals.push(
      await send({
        ...tnt,
        functionName: 'createDocument',
        args: [doc.hash, doc.metadata, did, doc.salt],
      }),
    );
  }
  await mined(reveals);
}
