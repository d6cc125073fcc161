import type { Address, Hex, PrivateKeyAccount } from 'viem';
import { SAFE } from '../../src/governance/contracts.js';
import { approvedSignatures, safeCallArgs } from '../../src/governance/safeTransactions.js';
import type { connectTestChain } from './chain.js';
import { signFreeTransfer } from './freeTransfer.js';

type Chain = ReturnType<typeof connectTestChain>;

/**
 * A Safe transaction decided by `owners`: each but the last approves its hash on-chain
 * (`approveHash`), the last sends it with every approval (Safe's pre-validated signatures).
 */
export async function safeTransaction(
  chain: Chain,
  safe: Address,
  owners: readonly PrivateKeyAccount[],
  call: { to: Address; data: Hex },
) {
  const nonce = (await chain.client.readContract({
    address: safe,
    abi: SAFE.abi,
    functionName: 'nonce',
  })) as bigint;
  const args = safeCallArgs(call);
  const hash = (await chain.client.readContract({
    address: safe,
    abi: SAFE.abi,
    functionName: 'getTransactionHash',
    args: [...args, nonce],
  })) as Hex;
  const sender = owners.at(-1) as PrivateKeyAccount;
  for (const owner of owners.slice(0, -1)) {
    await chain.write(owner, {
      address: safe,
      abi: SAFE.abi,
      functionName: 'approveHash',
      args: [hash],
    });
  }
  return chain.write(sender, {
    address: safe,
    abi: SAFE.abi,
    functionName: 'execTransaction',
    args: [...args, approvedSignatures(owners.map((owner) => owner.address))],
  });
}

/**
 * Mines a block at the current time with a free transfer: the embedded ledger mines only when a
 * transaction comes, and a timelock's `eth_call` reads the time of the latest block.
 */
export async function mineBlock(chain: Chain, chainId: number): Promise<void> {
  const hash = await chain.client.request({
    method: 'eth_sendRawTransaction',
    params: [await signFreeTransfer(chainId)],
  });
  await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 25 });
}
