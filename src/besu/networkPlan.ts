import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { sortValidators } from './qbftExtraData.js';

/** Most validators `network init` writes a kit for: ports and addresses below are laid out for it. */
export const MAX_VALIDATORS = 32;
/** The compose network's subnet: validators need fixed addresses, as Besu's enode URLs take IPs. */
export const BESU_SUBNET = '172.16.239.0/24';
/** How many of the first validators every other validator lists as bootnodes. */
const BOOTNODES = 2;

/** One validator of the kit: its node key and where it listens. */
export type BesuValidator = {
  /** `validator-<n>`: its folder, compose service and host name. */
  name: string;
  /** 1-based, in ascending order of address (the order of `extraData`). */
  index: number;
  /** The node key (secp256k1), as Besu's `key` file holds it. */
  privateKey: Hex;
  /** The validator address: the last 20 bytes of the keccak-256 of the public key. */
  address: Address;
  /** The node id: the uncompressed public key without its `04` prefix, 0x-prefixed. */
  publicKey: Hex;
  /** Its fixed address on the compose network. */
  ip: string;
  p2pPort: number;
  rpcHttpPort: number;
  rpcWsPort: number;
  /** The host port of the API node that uses this validator as its ledger. */
  apiPort: number;
  /** `enode://<node id>@<ip>:<p2p port>`. */
  enode: string;
};

/** What every file of the kit is made from. */
export type NetworkPlan = {
  chainId: number;
  blockPeriodSeconds: number;
  /** In ascending order of address. */
  validators: BesuValidator[];
};

export type PlanNetworkParameters = {
  chainId: number;
  blockPeriodSeconds: number;
  /** One node key per validator (any order: validators are numbered by address). */
  privateKeys: readonly Hex[];
};

/**
 * Lays out a network: validator `n` (1-based, by ascending address) gets the compose address
 * `172.16.239.<10+n>`, P2P port `30302+n`, JSON-RPC ports `8545+10(n-1)` (HTTP) and one above
 * (WebSocket), and its API node the host port `8079+n`.
 * @throws {TypeError} with no key, more than {@link MAX_VALIDATORS}, or twice the same key.
 */
export function planNetwork({
  chainId,
  blockPeriodSeconds,
  privateKeys,
}: PlanNetworkParameters): NetworkPlan {
  if (privateKeys.length < 1 || privateKeys.length > MAX_VALIDATORS)
    throw new TypeError(`A network has from 1 to ${MAX_VALIDATORS} validators`);
  const accounts = privateKeys.map((privateKey) => ({
    privateKey,
    account: privateKeyToAccount(privateKey),
  }));
  if (new Set(accounts.map(({ account }) => account.address)).size !== accounts.length)
    throw new TypeError('Two validators have the same node key');
  const byAddress = new Map(accounts.map((entry) => [entry.account.address, entry]));
  const validators = sortValidators([...byAddress.keys()]).map((address, i) => {
    const { privateKey, account } = byAddress.get(address) as (typeof accounts)[number];
    const index = i + 1;
    const publicKey: Hex = `0x${account.publicKey.slice(4)}`;
    const ip = `172.16.239.${10 + index}`;
    const p2pPort = 30302 + index;
    return {
      name: `validator-${index}`,
      index,
      privateKey,
      address,
      publicKey,
      ip,
      p2pPort,
      rpcHttpPort: 8545 + 10 * (index - 1),
      rpcWsPort: 8546 + 10 * (index - 1),
      apiPort: 8079 + index,
      enode: `enode://${publicKey.slice(2)}@${ip}:${p2pPort}`,
    };
  });
  return { chainId, blockPeriodSeconds, validators };
}

/** The enodes a validator starts from: the first validators' but its own. */
export function bootnodesOf(plan: NetworkPlan, validator: BesuValidator): string[] {
  return plan.validators
    .slice(0, BOOTNODES + 1)
    .filter((other) => other.index !== validator.index)
    .slice(0, BOOTNODES)
    .map((other) => other.enode);
}
