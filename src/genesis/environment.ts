import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Address, getAddress, isAddress } from 'viem';
import { EnvironmentError } from '../errors/environment.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { REGISTRY_NAMES, type RegistryName } from '../registries/catalog.js';

/**
 * An environment: one chain and its default registry instances. Written by genesis
 * (`core-registry deploy`, or the embedded node's first start) to `environment.json`, read by
 * every node of the network. Its layout is a public contract: operators back it up, tools read it.
 * - Design: DESIGN.md §8
 */
export type Environment = {
  chainId: number;
  /** The Contracts Registry (an ERC1967 proxy). */
  contractsRegistry: Address;
  /** The default instance of each registry. */
  registries: Record<RegistryName, Address>;
  /** The operator's did:core, the environment's trust anchor (RootTAO). */
  operatorDid: string;
  /** When genesis completed (ISO 8601). */
  createdAt: string;
  /**
   * A governed environment's governance (docs/governance.md): the operators' Safe and the
   * timelock that holds every admin policy. Absent: the operator's key governs alone.
   */
  governance?: Governance;
};

/** The contracts of a governed environment. */
export type Governance = { safe: Address; timelock: Address };

/**
 * The contracts operators send governance transactions to with a `ledger:invoke` token: the
 * Safe and the timelock of a governed environment, none otherwise.
 */
export function governanceContractsOf(environment: Pick<Environment, 'governance'>): Address[] {
  const { governance } = environment;
  return governance ? [governance.safe, governance.timelock] : [];
}

/**
 * Checks an environment read from `source`.
 * @throws {EnvironmentError} naming the first member at fault.
 */
export function parseEnvironment(value: unknown, source: string): Environment {
  const fail = (member: string): never => {
    throw new EnvironmentError(`"${member}" of the environment "${source}" is missing or invalid`);
  };
  if (typeof value !== 'object' || value === null) fail('(root)');
  const record = value as Record<string, unknown>;
  const chainId = record.chainId;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1) fail('chainId');
  const address = (member: string, raw: unknown): Address =>
    typeof raw === 'string' && isAddress(raw, { strict: false }) ? getAddress(raw) : fail(member);
  const registries = record.registries as Record<string, unknown> | undefined;
  if (typeof registries !== 'object' || registries === null) fail('registries');
  const defaults = Object.fromEntries(
    REGISTRY_NAMES.map((name) => [name, address(`registries.${name}`, registries?.[name])]),
  ) as Record<RegistryName, Address>;
  if (typeof record.operatorDid !== 'string' || !record.operatorDid.startsWith('did:'))
    fail('operatorDid');
  if (typeof record.createdAt !== 'string') fail('createdAt');
  const governance = record.governance as Record<string, unknown> | undefined;
  if (governance !== undefined && (typeof governance !== 'object' || governance === null))
    fail('governance');
  return {
    chainId: chainId as number,
    contractsRegistry: address('contractsRegistry', record.contractsRegistry),
    registries: defaults,
    operatorDid: record.operatorDid as string,
    createdAt: record.createdAt as string,
    ...(governance === undefined
      ? {}
      : {
          governance: {
            safe: address('governance.safe', governance.safe),
            timelock: address('governance.timelock', governance.timelock),
          },
        }),
  };
}

/**
 * Reads the environment file; `undefined` when there is none.
 * @throws {EnvironmentError} when it is not valid JSON or not an environment.
 */
export function readEnvironment(path: string): Environment | undefined {
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new EnvironmentError(`The environment "${path}" is not valid JSON`, { cause });
  }
  return parseEnvironment(value, path);
}

/** Writes the environment file (pretty JSON). */
export function writeEnvironment(path: string, environment: Environment): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(environment, null, 2)}\n`);
}
