import { type Address, encodeFunctionData, type Hex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import type { CoreClient, RegistrySegment } from './createCoreClient.js';

/** A registry write once its types are checked: what {@link signWrites} encodes. */
export type RegistryCall = {
  registry: RegistrySegment;
  functionName: string;
  args: readonly unknown[];
  contractAddress?: Address;
};

export type SignWritesParameters = {
  /** The signing key: a capabilityInvocation key of the token holder. */
  account: LocalAccount;
  /** The calls, signed in this order with consecutive nonces. */
  calls: readonly RegistryCall[];
  /** The nonce of the first call (default: the account's pending count). */
  nonce?: number;
};

/** The gas limit of every write: gas is free, and this covers the largest registry write. */
const WRITE_GAS = 10_000_000n;

/**
 * Builds each call's calldata from the node's served ABI (`GET /v1/<registry>/abi`, which also
 * names the default instance) and signs a gas-free EIP-1559 transaction for it locally, with
 * consecutive nonces. Sends nothing: {@link writeContract} and {@link writeContracts} do.
 * @internal The shared core of the SDK's writes.
 * @returns the raw transactions, in the order of `calls`, and the nonce of the first.
 */
export async function signWrites(
  client: CoreClient,
  parameters: SignWritesParameters,
): Promise<{ transactions: Hex[]; nonce: number }> {
  const { account, calls } = parameters;
  const [chainId, first] = await Promise.all([
    client.chainId(),
    parameters.nonce ??
      client.rpc<Hex>('eth_getTransactionCount', [account.address, 'pending']).then(Number),
  ]);
  const transactions = await Promise.all(
    calls.map(async ({ registry, functionName, args, contractAddress }, i) => {
      const served = await client.abi(registry);
      return signCall(account, {
        chainId,
        to: contractAddress ?? served.contractAddress,
        data: encodeFunctionData({ abi: served.abi, functionName, args } as never),
        nonce: first + i,
      });
    }),
  );
  return { transactions, nonce: first };
}

/**
 * Signs one call as every write of the network is sent: a gas-free EIP-1559 transaction with
 * {@link WRITE_GAS}, for the write gate of `POST /v1/ledger`.
 * @internal Shared by the registry writes and the governance's transactions.
 */
export function signCall(
  account: LocalAccount,
  call: { chainId: number; to: Address; data: Hex; nonce: number },
): Promise<Hex> {
  return account.signTransaction({
    type: 'eip1559',
    ...call,
    gas: WRITE_GAS,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
}
