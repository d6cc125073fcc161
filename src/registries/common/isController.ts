import type { Address } from 'viem';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { CONTROLLER_CHECK_ABI } from './registryViewsAbi.js';

/**
 * Whether `account` may act for `did` in the DID Registry at `didRegistry`: a controller DID of it
 * holds a `capabilityInvocation` secp256k1 key valid now whose address is `account` (what the
 * registries check on-chain through `IControllerCheck`). `false` for an unknown DID. Replaces the
 * removed `/actions` route (SPEC.md §4.1).
 * - Design: DESIGN.md §4
 */
export async function isController(
  reader: BlockReader,
  didRegistry: Address,
  did: string,
  account: Address,
): Promise<boolean> {
  return reader.read({
    address: didRegistry,
    abi: CONTROLLER_CHECK_ABI,
    functionName: 'checkController',
    args: [did, account],
  });
}
