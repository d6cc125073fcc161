import { existsSync, readFileSync, rmSync } from 'node:fs';
import { type Address, encodeDeployData, encodeFunctionData, getAddress, type Hex } from 'viem';
import { erc1967ProxyAbi, erc1967ProxyBytecode } from '../../artifacts/ERC1967Proxy.js';
import { isRevertOf } from '../errors/contract.js';
import { EnvironmentError } from '../errors/environment.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import type { GovernancePlan } from '../governance/governancePlan.js';
import type { LedgerClient } from '../ledger/createLedgerClient.js';
import { readContract } from '../ledger/readContract.js';
import {
  CONTRACTS_REGISTRY_DESCRIPTOR,
  descriptorOf,
  REGISTRY_NAMES,
} from '../registries/catalog.js';
import { configureRegistries } from './configureRegistries.js';
import { ensureDefaults } from './ensureDefaults.js';
import { ensureGovernance } from './ensureGovernance.js';
import {
  type Environment,
  type Governance,
  readEnvironment,
  writeEnvironment,
} from './environment.js';
import { burstOf, type GenesisRun } from './genesisRun.js';
import { toRegistryLinks } from './initializeArgs.js';
import type { Operator } from './operator.js';

/** Template version of the registry implementations this node ships. */
export const REGISTRY_VERSION = '1.0.0';
const CONTRACTS_REGISTRY = CONTRACTS_REGISTRY_DESCRIPTOR.contract;

export type RunGenesisParameters = {
  ledger: LedgerClient;
  operator: Operator;
  /** Where the environment file is (read if present, written when genesis completes). */
  environmentPath: string;
  /** The chain the ledger must run; any when absent. */
  chainId?: number;
  /** A consortium's governance, set up by a new environment's genesis (docs/governance.md). */
  governance?: GovernancePlan | undefined;
  log?: (message: string) => void;
};

/**
 * Makes sure the ledger holds a complete environment and returns it: the Contracts Registry, one
 * template per registry, one default instance of each, the admin policies held by the operator,
 * the operator's did:core (RootTAO) and the registry links. Each step checks the chain first, so
 * genesis is idempotent and resumes where an interrupted run stopped.
 * - Design: DESIGN.md §4, §6, §8
 * @throws {EnvironmentError} on a wrong chain, a vanished environment, or a failed transaction.
 */
export async function runGenesis(parameters: RunGenesisParameters): Promise<Environment> {
  const { ledger, operator, environmentPath, log = () => {} } = parameters;
  const chainId = Number(await ledger.request<Hex>('eth_chainId'));
  if (parameters.chainId !== undefined && chainId !== parameters.chainId) {
    throw new EnvironmentError(`The ledger runs chain ${chainId}, not chain ${parameters.chainId}`);
  }
  const existing = readEnvironment(environmentPath);
  if (existing && existing.chainId !== chainId) {
    throw new EnvironmentError(
      `The environment "${environmentPath}" belongs to chain ${existing.chainId}, but the ledger runs chain ${chainId}`,
    );
  }
  const plan = parameters.governance;
  if (existing && !existing.governance && plan) {
    throw new EnvironmentError(
      `The environment "${environmentPath}" was created without governance: the operators, threshold and delay settings apply to a new environment only`,
    );
  }
  const progressPath = `${environmentPath}.partial`;
  const progress = readProgress(progressPath);
  const context: GenesisRun = { ledger, operator, signer: operator.account, chainId, log };

  const contractsRegistry = await ensureContractsRegistry(
    context,
    existing?.contractsRegistry ?? progress.contractsRegistry,
  );
  let known: Partial<Governance> = existing?.governance ?? progress.governance ?? {};
  const saveProgress = () =>
    writeFileAtomic(
      progressPath,
      `${JSON.stringify({ chainId, contractsRegistry, ...(plan ? { governance: known } : {}) })}\n`,
    );
  saveProgress();
  await ensureTemplates(context, contractsRegistry);
  const registries = await ensureDefaults(context, contractsRegistry);
  // Once the timelock exists it holds the admin policies (or is about to be given them).
  await configureRegistries(
    context,
    contractsRegistry,
    registries,
    known.timelock ?? operator.address,
  );
  const governance =
    existing?.governance ??
    (plan
      ? await ensureGovernance(
          context,
          plan,
          toRegistryLinks(registries).policiesRegistry,
          known,
          (saved) => {
            known = saved;
            saveProgress();
          },
        )
      : undefined);

  const environment: Environment = existing ?? {
    chainId,
    contractsRegistry,
    registries,
    operatorDid: operator.did,
    createdAt: new Date().toISOString(),
    ...(governance ? { governance } : {}),
  };
  writeEnvironment(environmentPath, { ...environment, registries });
  rmSync(progressPath, { force: true });
  return { ...environment, registries };
}

/** What an interrupted genesis had made: the Contracts Registry, and the governance's contracts. */
function readProgress(path: string): {
  contractsRegistry?: Address;
  governance?: Partial<Governance>;
} {
  if (!existsSync(path)) return {};
  const { contractsRegistry, governance = {} } = JSON.parse(readFileSync(path, 'utf8')) as {
    contractsRegistry?: string;
    governance?: { safe?: string; timelock?: string };
  };
  return {
    ...(contractsRegistry ? { contractsRegistry: getAddress(contractsRegistry) } : {}),
    governance: {
      ...(governance.safe ? { safe: getAddress(governance.safe) } : {}),
      ...(governance.timelock ? { timelock: getAddress(governance.timelock) } : {}),
    },
  };
}

async function hasCode(ledger: LedgerClient, address: Address): Promise<boolean> {
  return (await ledger.request<Hex>('eth_getCode', [address, 'latest'])) !== '0x';
}

async function ensureContractsRegistry(
  context: GenesisRun,
  known: Address | undefined,
): Promise<Address> {
  if (known) {
    if (await hasCode(context.ledger, known)) return known;
    throw new EnvironmentError(
      `No Contracts Registry is deployed at ${known} on this ledger: remove the environment files to start a new environment`,
    );
  }
  context.log('deploying the Contracts Registry');
  const burst = await burstOf(context);
  const implementation = burst.deploy(
    'ContractsRegistry implementation',
    CONTRACTS_REGISTRY.bytecode,
  );
  const init = encodeFunctionData({
    abi: CONTRACTS_REGISTRY.abi,
    functionName: 'initialize',
    args: [context.operator.address],
  });
  const proxy = burst.deploy(
    'ContractsRegistry proxy',
    encodeDeployData({
      abi: erc1967ProxyAbi,
      bytecode: erc1967ProxyBytecode,
      args: [implementation, init],
    }),
  );
  await burst.send();
  return proxy;
}

async function ensureTemplates(context: GenesisRun, contractsRegistry: Address): Promise<void> {
  const burst = await burstOf(context);
  for (const name of REGISTRY_NAMES) {
    const { contractName, type, bytecode } = descriptorOf(name).contract;
    if (await templateExists(context.ledger, contractsRegistry, type)) continue;
    const implementation = burst.deploy(`${contractName} implementation`, bytecode);
    burst.call(
      `addTemplate ${contractName}`,
      contractsRegistry,
      CONTRACTS_REGISTRY.abi,
      'addTemplate',
      [contractName, REGISTRY_VERSION, implementation],
    );
  }
  if (burst.size === 0) return;
  context.log(`adding ${burst.size / 2} registry templates`);
  await burst.send();
}

async function templateExists(
  ledger: LedgerClient,
  contractsRegistry: Address,
  type: Hex,
): Promise<boolean> {
  try {
    await readContract(ledger, {
      address: contractsRegistry,
      abi: CONTRACTS_REGISTRY.abi,
      functionName: 'getTemplate',
      args: [type],
    });
    return true;
  } catch (error) {
    if (isRevertOf(error, 'TemplateNotFound')) return false;
    throw error;
  }
}
