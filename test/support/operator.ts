import { join } from 'node:path';
import { type Account, type Address, encodeFunctionData, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Operator, readOperator, readRecord } from '../../src/genesis/operator.js';
import { type PrivateEcJwk, toPrivateKeyHex } from '../../src/identity/jwk.js';
import { REGISTRIES, type RegistryName } from '../../src/registries/catalog.js';
import { CONTRACTS_REGISTRY } from '../../src/registries/contracts-registry/contract.js';
import { type ContractCall, connectTestChain } from './chain.js';
import type { TestNode } from './testNode.js';

/** The test node's operator (it holds every admin policy and controls the operator DID). */
export type OperatorFixture = {
  /** The operator, with the private JWK of its key file (test nodes keep the default file key). */
  operator: Operator & { privateKeyJwk: PrivateEcJwk };
  account: Account;
  chain: ReturnType<typeof connectTestChain>;
  /** Sends a call as the operator and waits for its receipt. */
  write(call: ContractCall): ReturnType<ReturnType<typeof connectTestChain>['write']>;
  /**
   * Deploys a second instance of a registry through the Contracts Registry, initialised with
   * `initArgs`, and returns its address.
   */
  deployInstance(registry: RegistryName, initArgs: readonly unknown[]): Promise<Address>;
};

export async function operatorOf(node: TestNode): Promise<OperatorFixture> {
  const path = join(node.dataDir, 'operator.json');
  const record = readRecord(path);
  if (!('privateKeyJwk' in record)) throw new Error(`${path}: the operator key is not a file key`);
  const { privateKeyJwk } = record;
  const operator = { ...(await readOperator(path)), privateKeyJwk };
  const account = privateKeyToAccount(toPrivateKeyHex(privateKeyJwk));
  const chain = connectTestChain(node.ledger.url);
  const write = (call: ContractCall) => chain.write(account, call);
  return {
    operator,
    account,
    chain,
    write,
    async deployInstance(registry, initArgs) {
      const { abi, type } = REGISTRIES[registry];
      const initData = encodeFunctionData({
        abi,
        functionName: 'initialize',
        args: initArgs,
      } as never);
      const receipt = await write({
        address: node.environment.contractsRegistry,
        abi: CONTRACTS_REGISTRY.abi,
        functionName: 'deployInstance',
        args: [type, initData, operator.did],
      });
      const [event] = parseEventLogs({
        abi: CONTRACTS_REGISTRY.abi,
        eventName: 'InstanceDeployed',
        logs: receipt.logs,
      });
      if (!event) throw new Error('no InstanceDeployed event');
      return event.args.instance;
    },
  };
}
