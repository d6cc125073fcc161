import { type Address, getAddress, isAddress } from 'viem';
import { CliUsageError } from './output.js';

/** `--contract-address`: a registry instance other than the default (SPEC.md §2.6 suffixes). */
export type InstanceOption = { contractAddress: Address | undefined };

/** The checked `--contract-address`, if given. */
export function parseContractAddress(value: string | undefined): Address | undefined {
  if (value === undefined) return undefined;
  if (!isAddress(value, { strict: false }))
    throw new CliUsageError(`--contract-address ${value} is not an address`);
  return getAddress(value);
}

/** A write scope, suffixed with the instance when it is not the default. */
export function writeScopeOf(registry: string, contractAddress: Address | undefined): string {
  return contractAddress ? `${registry}:write:${contractAddress}` : `${registry}:write`;
}

/** A read path, selecting the instance with `?contractAddress=` when it is not the default. */
export function readPathOf(path: string, contractAddress: Address | undefined): string {
  if (!contractAddress) return path;
  return `${path}${path.includes('?') ? '&' : '?'}contractAddress=${contractAddress}`;
}
