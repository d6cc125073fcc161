import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  parseEventLogs,
  zeroAddress,
} from 'viem';
import { isRevertOf } from '../errors/contract.js';
import { EnvironmentError } from '../errors/environment.js';
import { SAFE, SAFE_PROXY_FACTORY, TIMELOCK } from '../governance/contracts.js';
import type { GovernancePlan } from '../governance/governancePlan.js';
import { readContract } from '../ledger/readContract.js';
import { descriptorOf, registryOfRole } from '../registries/catalog.js';
import type { Governance } from './environment.js';
import { burstOf, type GenesisRun } from './genesisRun.js';

const POLICIES = descriptorOf(registryOfRole('policies')).contract;
const PAGE = 50n;

/**
 * The last step of a governed genesis (docs/governance.md): the operators' Safe (M of N), a
 * timelock whose only proposer and canceller is that Safe (anyone executes what is due), and the
 * admin policies moved from the genesis key to the timelock. Resumes from `known`, and `save`s
 * each address as soon as it exists.
 * @throws {EnvironmentError} when a deployment does not produce its contract.
 */
export async function ensureGovernance(
  context: GenesisRun,
  plan: GovernancePlan,
  policiesRegistry: Address,
  known: Partial<Governance>,
  save: (governance: Partial<Governance>) => void,
): Promise<Governance> {
  const safe = known.safe ?? (await deploySafe(context, plan));
  save({ safe });
  let timelock = known.timelock;
  if (!timelock) {
    context.log(`deploying the timelock (${plan.delaySeconds} s notice)`);
    const burst = await burstOf(context);
    timelock = burst.deploy(
      'timelock',
      encodeDeployData({
        abi: TIMELOCK.abi,
        bytecode: TIMELOCK.bytecode,
        args: [BigInt(plan.delaySeconds), [safe], [zeroAddress], zeroAddress],
      }),
    );
    await burst.send();
    save({ safe, timelock });
  }
  const held = await policiesOf(context, policiesRegistry, context.operator.address);
  if (held.length > 0) {
    context.log(`handing ${held.length} admin policies to the timelock`);
    const atTimelock = new Set(await policiesOf(context, policiesRegistry, timelock));
    const missing = held.filter((policy) => !atTimelock.has(policy));
    const burst = await burstOf(context);
    if (missing.length > 0) {
      burst.call(
        'give the admin policies to the timelock',
        policiesRegistry,
        POLICIES.abi,
        'insertUserAttributes',
        [timelock, missing],
      );
    }
    burst.call(
      'take them from the genesis key',
      policiesRegistry,
      POLICIES.abi,
      'deleteUserAttributes',
      [context.operator.address, held],
    );
    await burst.send();
  }
  return { safe, timelock };
}

async function deploySafe(context: GenesisRun, plan: GovernancePlan): Promise<Address> {
  context.log(
    `deploying the governance: a Safe of ${plan.operators.length} operators, ${plan.threshold} of whom decide`,
  );
  const burst = await burstOf(context);
  const singleton = burst.deploy('Safe singleton', SAFE.bytecode);
  const factory = burst.deploy('Safe proxy factory', SAFE_PROXY_FACTORY.bytecode);
  const setup = encodeFunctionData({
    abi: SAFE.abi,
    functionName: 'setup',
    args: [
      plan.operators,
      BigInt(plan.threshold),
      zeroAddress,
      '0x',
      zeroAddress,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
  burst.call(
    'create the operators’ Safe',
    factory,
    SAFE_PROXY_FACTORY.abi,
    'createProxyWithNonce',
    [singleton, setup, 0n],
  );
  const receipts = await burst.send();
  const [created] = parseEventLogs({
    abi: SAFE_PROXY_FACTORY.abi,
    eventName: 'ProxyCreation',
    logs: receipts.at(-1)?.logs ?? [],
  });
  if (!created) throw new EnvironmentError('The Safe proxy factory created no Safe');
  return created.args.proxy;
}

/** Every policy `subject` holds in the Policies Registry (none for a subject it never saw). */
async function policiesOf(
  context: GenesisRun,
  policiesRegistry: Address,
  subject: Address,
): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1n; ; page++) {
    const [items, total] = (await readContract(context.ledger, {
      address: policiesRegistry,
      abi: POLICIES.abi,
      functionName: 'getSubjectAttributes',
      args: [subject, page, PAGE],
    } as never).catch((error: unknown) => {
      if (isRevertOf(error, 'SubjectNotFound')) return [[], 0n];
      throw error;
    })) as [string[], bigint];
    names.push(...items);
    if (BigInt(names.length) >= total || items.length === 0) return names;
  }
}
