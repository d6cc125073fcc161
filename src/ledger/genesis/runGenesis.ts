import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { erc1967ProxyAbi, erc1967ProxyBytecode } from '../../../artifacts/ERC1967Proxy.js';
import { ContractRevertError } from '../../errors/contract.js';
import { EnvironmentError } from '../../errors/environment.js';
import { writeFileAtomic } from '../../files/writeFileAtomic.js';
import { jwkThumbprint, toPrivateKeyHex, toPublicKeyHex } from '../../identity/jwk.js';
import type { LedgerClient } from '../createLedgerClient.js';
import { type Environment, readEnvironment, writeEnvironment } from '../environment.js';
import { readContract } from '../readContract.js';
import {
  CONTRACTS_REGISTRY,
  REGISTRIES,
  REGISTRY_NAMES,
  type RegistryName,
} from '../registryCatalog.js';
import { ADMIN_POLICIES } from './adminPolicies.js';
import type { Operator } from './operator.js';
import { type Burst, createBurst } from './sendBurst.js';

/** Template version of the registry implementations this node ships. */
export const REGISTRY_VERSION = '1.0.0';
/** End of the operator key's validity window: 9999-12-31T23:59:59Z. */
const FAR_FUTURE = 253_402_300_799n;
const ROOT_TAO = 1;
const OPERATOR_BASE_DOCUMENT = JSON.stringify({
  '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
});

export type RunGenesisParameters = {
  ledger: LedgerClient;
  operator: Operator;
  /** Where the environment file is (read if present, written when genesis completes). */
  environmentPath: string;
  /** The chain the ledger must run; any when absent. */
  chainId?: number;
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
  const progressPath = `${environmentPath}.partial`;
  const signer = privateKeyToAccount(toPrivateKeyHex(operator.privateKeyJwk));
  const context: Context = { ledger, operator, signer, chainId, log };

  const contractsRegistry = await ensureContractsRegistry(
    context,
    existing?.contractsRegistry ?? readProgress(progressPath),
  );
  writeFileAtomic(progressPath, `${JSON.stringify({ chainId, contractsRegistry })}\n`);
  await ensureTemplates(context, contractsRegistry);
  const registries = await ensureDefaults(context, contractsRegistry);
  await ensureAdministration(context, contractsRegistry, registries);

  const environment: Environment = existing ?? {
    chainId,
    contractsRegistry,
    registries,
    operatorDid: operator.did,
    createdAt: new Date().toISOString(),
  };
  writeEnvironment(environmentPath, { ...environment, registries });
  rmSync(progressPath, { force: true });
  return { ...environment, registries };
}

type Context = {
  ledger: LedgerClient;
  operator: Operator;
  signer: ReturnType<typeof privateKeyToAccount>;
  chainId: number;
  log: (message: string) => void;
};

async function burstOf(context: Context): Promise<Burst> {
  return createBurst(context.ledger, context.signer, context.chainId);
}

function readProgress(path: string): Address | undefined {
  if (!existsSync(path)) return undefined;
  const { contractsRegistry } = JSON.parse(readFileSync(path, 'utf8')) as {
    contractsRegistry?: string;
  };
  return contractsRegistry ? getAddress(contractsRegistry) : undefined;
}

async function hasCode(ledger: LedgerClient, address: Address): Promise<boolean> {
  return (await ledger.request<Hex>('eth_getCode', [address, 'latest'])) !== '0x';
}

async function ensureContractsRegistry(
  context: Context,
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

async function ensureTemplates(context: Context, contractsRegistry: Address): Promise<void> {
  const burst = await burstOf(context);
  for (const name of REGISTRY_NAMES) {
    const { contractName, type, bytecode } = REGISTRIES[name];
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
    if (error instanceof ContractRevertError && error.errorName === 'TemplateNotFound')
      return false;
    throw error;
  }
}

async function ensureDefaults(
  context: Context,
  contractsRegistry: Address,
): Promise<Record<RegistryName, Address>> {
  const { ledger, operator } = context;
  const defaults = {} as Record<RegistryName, Address>;
  for (const name of REGISTRY_NAMES) {
    defaults[name] = (await readContract(ledger, {
      address: contractsRegistry,
      abi: CONTRACTS_REGISTRY.abi,
      functionName: 'defaultInstance',
      args: [REGISTRIES[name].type],
    })) as Address;
  }
  // Each deployInstance makes exactly one CREATE from the Contracts Registry, so the instance
  // addresses follow from its nonce and later instances can be linked in the same burst.
  let nonce = Number(
    await ledger.request<Hex>('eth_getTransactionCount', [contractsRegistry, 'latest']),
  );
  const burst = await burstOf(context);
  const planned: RegistryName[] = [];
  for (const name of REGISTRY_NAMES) {
    if (defaults[name] !== zeroAddress) continue;
    const instance = getContractAddress({ from: contractsRegistry, nonce: BigInt(nonce++) });
    const { abi, type, contractName } = REGISTRIES[name];
    const initData = encodeFunctionData({
      abi,
      functionName: 'initialize',
      args: initializeArgs(name, operator.address, defaults),
    } as never);
    burst.call(
      `deployInstance ${contractName}`,
      contractsRegistry,
      CONTRACTS_REGISTRY.abi,
      'deployInstance',
      [type, initData, operator.did],
    );
    burst.call(
      `setDefaultInstance ${contractName}`,
      contractsRegistry,
      CONTRACTS_REGISTRY.abi,
      'setDefaultInstance',
      [instance],
    );
    defaults[name] = instance;
    planned.push(name);
  }
  if (planned.length > 0) {
    context.log(`deploying the default instances: ${planned.join(', ')}`);
    await burst.send();
  }
  return defaults;
}

/** Arguments of each registry's `initialize`, linking it to the defaults deployed before it. */
export function initializeArgs(
  name: RegistryName,
  operator: Address,
  links: Record<RegistryName, Address>,
): unknown[] {
  const policies = links['policies-registry'];
  const did = links['did-registry'];
  switch (name) {
    case 'policies-registry':
      return [operator];
    case 'did-registry':
    case 'schemas-registry':
    case 'timestamp':
      return [policies];
    case 'issuers-registry':
      return [policies, did];
    case 'track-and-trace':
      return [operator, policies, did];
  }
}

async function ensureAdministration(
  context: Context,
  contractsRegistry: Address,
  registries: Record<RegistryName, Address>,
): Promise<void> {
  const { ledger, operator } = context;
  const policies = {
    address: registries['policies-registry'],
    abi: REGISTRIES['policies-registry'].abi,
  };
  const dids = { address: registries['did-registry'], abi: REGISTRIES['did-registry'].abi };
  const issuers = {
    address: registries['issuers-registry'],
    abi: REGISTRIES['issuers-registry'].abi,
  };
  const burst = await burstOf(context);

  const missingAttributes: string[] = [];
  for (const [policyName, description] of Object.entries(ADMIN_POLICIES)) {
    if (!(await policyExists(ledger, policies.address, policyName))) {
      burst.call(`insertPolicy ${policyName}`, policies.address, policies.abi, 'insertPolicy', [
        policyName,
        description,
      ]);
    }
    const held = await readContract(ledger, {
      ...policies,
      functionName: 'hasAttribute',
      args: [operator.address, policyName],
    });
    if (!held) missingAttributes.push(policyName);
  }
  if (missingAttributes.length > 0) {
    burst.call(
      'insertUserAttributes operator',
      policies.address,
      policies.abi,
      'insertUserAttributes',
      [operator.address, missingAttributes],
    );
  }

  if (!(await readContract(ledger, { ...dids, functionName: 'didExists', args: [operator.did] }))) {
    const vMethodId = await jwkThumbprint(operator.privateKeyJwk);
    const block = await ledger.request<{ timestamp: Hex }>('eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    const notBefore = BigInt(block.timestamp);
    burst.call('insertDidDocument operator', dids.address, dids.abi, 'insertDidDocument', [
      operator.did,
      OPERATOR_BASE_DOCUMENT,
      vMethodId,
      toPublicKeyHex(operator.privateKeyJwk),
      true,
      notBefore,
      FAR_FUTURE,
    ]);
    burst.call(
      'addVerificationRelationship operator assertionMethod',
      dids.address,
      dids.abi,
      'addVerificationRelationship',
      [operator.did, 'assertionMethod', vMethodId, notBefore, FAR_FUTURE],
    );
  }

  if (
    !(await readContract(ledger, {
      ...issuers,
      functionName: 'issuerExists',
      args: [operator.did],
    }))
  ) {
    burst.call(
      'setAttributeMetadata operator RootTAO',
      issuers.address,
      issuers.abi,
      'setAttributeMetadata',
      [
        operator.did,
        `0x${randomBytes(32).toString('hex')}`,
        ROOT_TAO,
        operator.did,
        `0x${'00'.repeat(32)}`,
      ],
    );
  }

  const linked = await readContract(ledger, {
    address: contractsRegistry,
    abi: CONTRACTS_REGISTRY.abi,
    functionName: 'policiesRegistry',
  });
  if (linked === zeroAddress) {
    burst.call('setRegistryLinks', contractsRegistry, CONTRACTS_REGISTRY.abi, 'setRegistryLinks', [
      policies.address,
      dids.address,
    ]);
  }
  if (burst.size === 0) return;
  context.log(
    `configuring policies, the operator DID and its accreditation (${burst.size} transactions)`,
  );
  await burst.send();
}

async function policyExists(
  ledger: LedgerClient,
  address: Address,
  policyName: string,
): Promise<boolean> {
  try {
    await readContract(ledger, {
      address,
      abi: REGISTRIES['policies-registry'].abi,
      functionName: 'getPolicy',
      args: [policyName],
    });
    return true;
  } catch (error) {
    if (error instanceof ContractRevertError && error.errorName === 'PolicyNotFound') return false;
    throw error;
  }
}
