import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** A signed zero-value, zero-fee transfer from a fresh key to itself: the cheapest real write. */
export function signFreeTransfer(chainId = 2026): Promise<Hex> {
  const account = privateKeyToAccount(generatePrivateKey());
  return account.signTransaction({
    type: 'eip1559',
    chainId,
    to: account.address,
    nonce: 0,
    gas: 21_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
}
