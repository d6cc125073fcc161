import { type Abi, type Address, encodeFunctionData, type Hex, keccak256, toHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { REGISTRIES } from '../../src/registries/catalog.js';

/** Signs a free EIP-1559 call of `functionName` for the test chain. */
export async function signCall(
  account: PrivateKeyAccount,
  call: {
    to: Address;
    abi: Abi;
    functionName: string;
    args: readonly unknown[];
    nonce: number;
    chainId: number;
  },
): Promise<Hex> {
  return account.signTransaction({
    type: 'eip1559',
    chainId: call.chainId,
    to: call.to,
    data: encodeFunctionData({
      abi: call.abi,
      functionName: call.functionName,
      args: call.args,
    } as never),
    nonce: call.nonce,
    gas: 5_000_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
}

/** The next nonce of an account, as the node forwards it from the ledger. */
export async function nextNonce(nodeUrl: string, address: Address): Promise<number> {
  const response = await fetch(`${nodeUrl}/v1/ledger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getTransactionCount',
      params: [address, 'pending'],
    }),
  });
  return Number(((await response.json()) as { result: Hex }).result);
}

/** Sends `eth_sendRawTransaction` entries (a batch when several) with a bearer token. */
export async function sendRaw(
  nodeUrl: string,
  token: string | undefined,
  raws: Hex[],
): Promise<{ status: number; json: unknown }> {
  const entries = raws.map((raw, id) => ({
    jsonrpc: '2.0',
    id,
    method: 'eth_sendRawTransaction',
    params: [raw],
  }));
  const response = await fetch(`${nodeUrl}/v1/ledger`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(entries.length === 1 ? entries[0] : entries),
  });
  return { status: response.status, json: await response.json() };
}

/** A receipt as the node serves it: the fields the tests read. */
export type ServedReceipt = {
  status: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  /** The revert data of a failed transaction, where the ledger records it. */
  revertReason?: Hex;
};

/** `eth_getTransactionReceipt` through the node, once: `null` while the transaction is not mined. */
export async function getReceipt(nodeUrl: string, hash: Hex): Promise<ServedReceipt | null> {
  const response = await fetch(`${nodeUrl}/v1/ledger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getTransactionReceipt',
      params: [hash],
    }),
  });
  const { result } = (await response.json()) as { result?: ServedReceipt | null };
  return result ?? null;
}

/** Polls `eth_getTransactionReceipt` through the node until the transaction is mined. */
export async function receiptOf(nodeUrl: string, hash: Hex): Promise<ServedReceipt> {
  for (;;) {
    const result = await getReceipt(nodeUrl, hash);
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The revert data of an `eth_call` error as the node relays it: a hex string in `data` (anvil,
 * Besu, geth) or in `data.data` (Hardhat); docs/ledgers.md.
 */
export function revertDataOf(error: { data?: unknown }): Hex | undefined {
  const { data } = error;
  const nested =
    typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : data;
  return typeof nested === 'string' && nested.startsWith('0x') ? (nested as Hex) : undefined;
}

/**
 * One `commitTimestampHashes` write of a fresh hash through `nodeUrl` with `token`, signed by
 * `account`: the receipt's status once mined, or the JSON-RPC error's message.
 */
export async function timestampWrite(
  nodeUrl: string,
  environment: { chainId: number; registries: { timestamp: Address } },
  account: PrivateKeyAccount,
  token: string,
): Promise<string> {
  const raw = await signCall(account, {
    to: environment.registries.timestamp,
    abi: REGISTRIES.timestamp.abi,
    functionName: 'commitTimestampHashes',
    args: [keccak256(toHex(String(Math.random())))],
    nonce: await nextNonce(nodeUrl, account.address),
    chainId: environment.chainId,
  });
  const { json } = await sendRaw(nodeUrl, token, [raw]);
  const entry = json as { result?: Hex; error?: { message: string } };
  if (entry.error) return entry.error.message;
  return (await receiptOf(nodeUrl, entry.result as Hex)).status;
}
