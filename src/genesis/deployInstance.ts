import { type Address, encodeFunctionData, type Hex, parseEventLogs } from 'viem';
import { EnvironmentError } from '../errors/environment.js';
import type { LedgerClient } from '../ledger/createLedgerClient.js';
import { createBurst } from '../ledger/sendBurst.js';
import {
  CONTRACTS_REGISTRY_DESCRIPTOR,
  descriptorOf,
  type RegistryName,
} from '../registries/catalog.js';
import type { Environment } from './environment.js';
import { initializeArgs } from './initializeArgs.js';
import type { Operator } from './operator.js';

const CONTRACTS_REGISTRY = CONTRACTS_REGISTRY_DESCRIPTOR.contract;

export type DeployInstanceParameters = {
  ledger: LedgerClient;
  operator: Operator;
  environment: Environment;
  registry: RegistryName;
};

/**
 * Deploys another instance of a registry through the Contracts Registry (a proxy of the same
 * template), linked to the environment's default instances like the default one, with the
 * operator as its deployer and its admin (the timelock in a governed network: docs/governance.md). An operator task: it talks to the ledger, not to a node.
 * - Spec: SPEC.md §1 (Contracts Registry)
 * @throws {EnvironmentError} when the transaction reverts (e.g. the key holds no deploy policy).
 */
export async function deployInstance(
  parameters: DeployInstanceParameters,
): Promise<{ address: Address; transactionBlock: Hex }> {
  const { ledger, operator, environment, registry } = parameters;
  const { abi, type, contractName } = descriptorOf(registry).contract;
  const initData = encodeFunctionData({
    abi,
    functionName: 'initialize',
    // A governed network's instances are the governance's, like its defaults: their admin
    // policies (a Policies Registry instance's) go to the timelock, not to the deploying key.
    args: initializeArgs(
      registry,
      environment.governance?.timelock ?? operator.address,
      environment.registries,
    ),
  } as never);
  const burst = await createBurst(ledger, operator.account, environment.chainId);
  burst.call(
    `deployInstance ${contractName}`,
    environment.contractsRegistry,
    CONTRACTS_REGISTRY.abi,
    'deployInstance',
    [type, initData, operator.did],
  );
  const [receipt] = await burst.send();
  const [event] = parseEventLogs({
    abi: CONTRACTS_REGISTRY.abi,
    eventName: 'InstanceDeployed',
    logs: receipt?.logs ?? [],
  });
  if (!receipt || !event)
    throw new EnvironmentError(`No InstanceDeployed event for ${contractName}`);
  return { address: event.args.instance, transactionBlock: receipt.blockNumber };
}
