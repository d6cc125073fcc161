import { randomBytes } from 'node:crypto';
import {
  type Abi,
  type AbiFunction,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
} from 'viem';
import type { LocalAccount } from 'viem/accounts';
import type { CoreClient } from './createCoreClient.js';
import { type Receipt, sendWrite, waitForReceipt } from './writeContract.js';

/** The two registries with commit–reveal writes, and their commit leg, compute view and maturity constant. */
const LEGS = {
  timestamp: {
    commit: 'commitTimestampHashes',
    compute: 'computeTimestampCommitment',
    maturity: 'TIMESTAMP_COMMITMENT_MATURITY',
  },
  'track-and-trace': {
    commit: 'commitCreateDocument',
    compute: 'computeCreateDocumentCommitment',
    maturity: 'CREATE_DOCUMENT_COMMITMENT_MATURITY',
  },
} as const;

export type CommitAndRevealParameters = {
  registry: keyof typeof LEGS;
  /** The reveal leg, e.g. `timestampHashes` or `createDocument`. */
  functionName: string;
  /** Its arguments without the trailing salt. */
  args: readonly unknown[];
  account: LocalAccount;
  accessToken: string;
  contractAddress?: Address;
  /** Told about each step and each block waited for. */
  onProgress?: (message: string) => void;
};

export type CommitAndRevealReturnType = {
  salt: Hex;
  commitment: Hex;
  commit: Receipt;
  reveal: Receipt;
};

/**
 * Writes a commit–reveal pair: computes the commitment with the contract's own view (sender,
 * reveal selector, arguments, a fresh secret salt), sends the commit, waits until it is
 * `maturity` blocks old, then reveals.
 * - Spec: SPEC.md §4.4 (commit–reveal rules)
 * @throws {TransactionRevertedError} when a leg reverts (e.g. `CommitmentNotMatured`).
 */
export async function commitAndReveal(
  client: CoreClient,
  parameters: CommitAndRevealParameters,
): Promise<CommitAndRevealReturnType> {
  const { registry, functionName, args, account, accessToken, onProgress } = parameters;
  const leg = LEGS[registry];
  const { contractAddress, abi } = await client.abi(registry);
  const to = parameters.contractAddress ?? contractAddress;
  const salt = `0x${randomBytes(32).toString('hex')}` as Hex;
  const reveal = findFunction(abi, functionName, args.length + 1);
  const compute = findFunction(abi, leg.compute, args.length + 2, (item) =>
    item.inputs.slice(1).every((input, i) => input.type === reveal.inputs[i]?.type),
  );
  const call = async (item: AbiFunction, callArgs: readonly unknown[]) =>
    decodeFunctionResult({
      abi: [item],
      data: await client.rpc<Hex>('eth_call', [
        { to, data: encodeFunctionData({ abi: [item], args: callArgs } as never) },
        'latest',
      ]),
    } as never);
  const commitment = (await call(compute, [account.address, ...args, salt])) as Hex;
  const maturity = (await call(findFunction(abi, leg.maturity, 0), [])) as bigint;

  onProgress?.(`committing ${commitment}`);
  const options = {
    account,
    accessToken,
    ...(parameters.contractAddress ? { contractAddress: parameters.contractAddress } : {}),
  };
  const commitHash = await sendWrite(client, {
    registry,
    functionName: leg.commit,
    args: [commitment],
    ...options,
  });
  const commit = await waitForReceipt(client, {
    hash: commitHash,
    registry,
    ...(onProgress ? { onProgress } : {}),
  });
  const ready = BigInt(commit.blockNumber) + maturity;
  for (;;) {
    const block = BigInt(await client.rpc<Hex>('eth_blockNumber', []));
    if (block >= ready) break;
    onProgress?.(`waiting for block ${ready} (now ${block})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  onProgress?.(`revealing with ${functionName}`);
  const revealHash = await sendWrite(client, {
    registry,
    functionName,
    args: [...args, salt],
    ...options,
  });
  return {
    salt,
    commitment,
    commit,
    reveal: await waitForReceipt(client, { hash: revealHash, registry }),
  };
}

function findFunction(
  abi: Abi,
  name: string,
  inputs: number,
  match: (item: AbiFunction) => boolean = () => true,
): AbiFunction {
  const item = abi.find(
    (entry): entry is AbiFunction =>
      entry.type === 'function' &&
      entry.name === name &&
      entry.inputs.length === inputs &&
      match(entry),
  );
  if (!item) throw new TypeError(`No function ${name} with ${inputs} inputs in the ABI`);
  return item;
}
