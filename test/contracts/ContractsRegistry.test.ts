import {
  type Account,
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  contractsRegistryAbi,
  contractsRegistryBytecode,
} from '../../artifacts/ContractsRegistry.js';
import { erc1967ProxyAbi, erc1967ProxyBytecode } from '../../artifacts/ERC1967Proxy.js';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import { upgradeableBeaconAbi } from '../../artifacts/UpgradeableBeacon.js';
import {
  eventsOf,
  randomAccount,
  revertOf,
  startTestChain,
  type TestChain,
} from '../support/chain.js';

const POLICIES_TYPE = keccak256(toHex('core.PoliciesRegistry'));
const policiesArtifact = { abi: policiesRegistryAbi, bytecode: policiesRegistryBytecode };

let chain: TestChain;
let admin: Account;
let registry: Address;
let policiesImplementation: Address;

const call = (functionName: string, args: readonly unknown[] = []) => ({
  address: registry,
  abi: contractsRegistryAbi,
  functionName,
  args,
});
const read = <T>(functionName: string, args: readonly unknown[] = []) =>
  chain.client.readContract(call(functionName, args) as never) as Promise<T>;
const policiesInit = (owner: Address): Hex =>
  encodeFunctionData({ abi: policiesRegistryAbi, functionName: 'initialize', args: [owner] });

async function deployInstance(
  account: Account,
  owner: Address,
  did = 'did:core:zOperator',
): Promise<Address> {
  const receipt = await chain.write(
    account,
    call('deployInstance', [POLICIES_TYPE, policiesInit(owner), did]),
  );
  const event = eventsOf(contractsRegistryAbi, receipt).find(
    (e) => e.eventName === 'InstanceDeployed',
  );
  if (!event) throw new Error('no InstanceDeployed event');
  return (event.args as { instance: Address }).instance;
}

beforeAll(async () => {
  chain = await startTestChain();
  admin = randomAccount();
  const implementation = await chain.deploy(admin, {
    abi: contractsRegistryAbi,
    bytecode: contractsRegistryBytecode,
  });
  const data = encodeFunctionData({
    abi: contractsRegistryAbi,
    functionName: 'initialize',
    args: [admin.address],
  });
  registry = await chain.deploy(admin, { abi: erc1967ProxyAbi, bytecode: erc1967ProxyBytecode }, [
    implementation,
    data,
  ]);
  policiesImplementation = await chain.deploy(admin, policiesArtifact);
});
afterAll(() => chain.close());

describe('ContractsRegistry', () => {
  test('default: starts in bootstrap, managed by its admin', async () => {
    expect(await read('bootstrapAdmin')).toBe(admin.address);
    expect(await read('policiesRegistry')).toBe('0x0000000000000000000000000000000000000000');
    expect(await read('registryType')).toBe(keccak256(toHex('core.ContractsRegistry')));
  });

  describe('addTemplate', () => {
    test('default: one template per registry type, with its own beacon', async () => {
      const receipt = await chain.write(
        admin,
        call('addTemplate', ['PoliciesRegistry', '1.0.0', policiesImplementation]),
      );
      const event = eventsOf(contractsRegistryAbi, receipt).find(
        (e) => e.eventName === 'TemplateAdded',
      );
      expect(event).toMatchObject({
        eventName: 'TemplateAdded',
        args: {
          templateId: POLICIES_TYPE,
          name: 'PoliciesRegistry',
          version: '1.0.0',
          implementation: policiesImplementation,
        },
      });
      const template = await read<{ beacon: Address; active: boolean }>('getTemplate', [
        POLICIES_TYPE,
      ]);
      expect(template.active).toBe(true);
      expect(
        await chain.client.readContract({
          address: template.beacon,
          abi: upgradeableBeaconAbi,
          functionName: 'owner',
        }),
      ).toBe(registry);
      expect(await read('getTemplates', [1n, 10n])).toEqual([[POLICIES_TYPE], 1n]);
    });

    test('error: a second template of the same type, bad implementations, empty fields', async () => {
      expect(
        await revertOf(chain, admin, call('addTemplate', ['P', '2', policiesImplementation])),
      ).toEqual({
        errorName: 'TemplateExists',
        args: [POLICIES_TYPE],
      });
      expect(await revertOf(chain, admin, call('addTemplate', ['X', '1', admin.address]))).toEqual({
        errorName: 'ImplementationInvalid',
        args: [admin.address],
      });
      expect(
        await revertOf(chain, admin, call('addTemplate', ['', '1', policiesImplementation])),
      ).toEqual({
        errorName: 'TemplateFieldEmpty',
        args: [],
      });
    });

    test('error: only the bootstrap admin during bootstrap', async () => {
      const stranger = randomAccount();
      expect(
        await revertOf(chain, stranger, call('addTemplate', ['P', '1', policiesImplementation])),
      ).toEqual({
        errorName: 'NotBootstrapAdmin',
        args: [stranger.address],
      });
      expect(
        await revertOf(
          chain,
          stranger,
          call('deployInstance', [POLICIES_TYPE, '0x', 'did:core:z1']),
        ),
      ).toEqual({
        errorName: 'NotBootstrapAdmin',
        args: [stranger.address],
      });
    });
  });

  describe('deployInstance', () => {
    test('default: a BeaconProxy instance, initialised and recorded', async () => {
      const owner = randomAccount();
      const receipt = await chain.write(
        admin,
        call('deployInstance', [POLICIES_TYPE, policiesInit(owner.address), 'did:core:zOp']),
      );
      const event = eventsOf(contractsRegistryAbi, receipt).find(
        (e) => e.eventName === 'InstanceDeployed',
      );
      if (!event) throw new Error('no InstanceDeployed event');
      const { instance } = event.args as { instance: Address };
      expect(event?.args).toMatchObject({
        templateId: POLICIES_TYPE,
        deployer: admin.address,
        deployerDid: 'did:core:zOp',
        initData: policiesInit(owner.address),
      });
      expect(
        await chain.client.readContract({
          address: instance,
          abi: policiesRegistryAbi,
          functionName: 'checkPolicy',
          args: ['TPR:insertPolicy', owner.address],
        }),
      ).toBe(true);
      expect(await read('getDeployment', [instance])).toMatchObject({
        instance,
        deployer: admin.address,
        deployerDid: 'did:core:zOp',
        templateId: POLICIES_TYPE,
        active: true,
      });
      expect(await read('isRegisteredInstance', [instance])).toBe(true);
      expect(await read('isRegisteredInstance', [admin.address])).toBe(false);
    });

    test('error: unknown template, empty DID, failing initialiser', async () => {
      const unknown = keccak256(toHex('nope'));
      expect(
        await revertOf(chain, admin, call('deployInstance', [unknown, '0x', 'did:core:z1'])),
      ).toEqual({
        errorName: 'TemplateNotFound',
        args: [unknown],
      });
      expect(
        await revertOf(chain, admin, call('deployInstance', [POLICIES_TYPE, '0x', ''])),
      ).toEqual({
        errorName: 'DeployerDidEmpty',
        args: [],
      });
      const zeroAdmin = policiesInit('0x0000000000000000000000000000000000000000');
      // The initialiser's own error bubbles up: decode it with the Policies Registry's errors too.
      const withInitErrors = {
        ...call('deployInstance', [POLICIES_TYPE, zeroAdmin, 'did:core:z1']),
        abi: [
          ...contractsRegistryAbi,
          ...policiesRegistryAbi.filter((item) => item.type === 'error'),
        ],
      };
      expect(await revertOf(chain, admin, withInitErrors)).toEqual({
        errorName: 'SubjectInvalid',
        args: ['0x0000000000000000000000000000000000000000'],
      });
    });

    test('error: an inactive template deploys nothing', async () => {
      await chain.write(admin, call('setTemplateActive', [POLICIES_TYPE, false]));
      expect(
        await revertOf(
          chain,
          admin,
          call('deployInstance', [POLICIES_TYPE, policiesInit(admin.address), 'd']),
        ),
      ).toEqual({
        errorName: 'TemplateInactive',
        args: [POLICIES_TYPE],
      });
      await chain.write(admin, call('setTemplateActive', [POLICIES_TYPE, true]));
    });
  });

  describe('upgradeTemplate', () => {
    test('behavior: two instances upgraded through the beacon keep their state', async () => {
      const first = await deployInstance(admin, admin.address);
      const second = await deployInstance(admin, admin.address);
      const writePolicy = (instance: Address, name: string) =>
        chain.write(admin, {
          address: instance,
          abi: policiesRegistryAbi,
          functionName: 'insertPolicy',
          args: [name, 'kept'],
        });
      await writePolicy(first, 'A:first');
      await writePolicy(second, 'B:second');

      const next = await chain.deploy(admin, policiesArtifact);
      const receipt = await chain.write(
        admin,
        call('upgradeTemplate', [POLICIES_TYPE, '1.1.0', next]),
      );
      expect(
        eventsOf(contractsRegistryAbi, receipt).find((e) => e.eventName === 'TemplateUpgraded'),
      ).toMatchObject({
        eventName: 'TemplateUpgraded',
        args: { templateId: POLICIES_TYPE, version: '1.1.0', implementation: next },
      });
      const template = await read<{ beacon: Address; version: string }>('getTemplate', [
        POLICIES_TYPE,
      ]);
      expect(template.version).toBe('1.1.0');
      expect(
        await chain.client.readContract({
          address: template.beacon,
          abi: upgradeableBeaconAbi,
          functionName: 'implementation',
        }),
      ).toBe(next);
      const policy = (instance: Address, name: string) =>
        chain.client.readContract({
          address: instance,
          abi: policiesRegistryAbi,
          functionName: 'getPolicy',
          args: [name],
        });
      expect(await policy(first, 'A:first')).toMatchObject({
        policyName: 'A:first',
        description: 'kept',
      });
      expect(await policy(second, 'B:second')).toMatchObject({
        policyName: 'B:second',
        description: 'kept',
      });
      await writePolicy(first, 'A:after-upgrade');
      expect(await policy(first, 'A:after-upgrade')).toMatchObject({ active: true });
    });

    test('error: an implementation of another type', async () => {
      const other = await chain.deploy(admin, {
        abi: contractsRegistryAbi,
        bytecode: contractsRegistryBytecode,
      });
      expect(
        await revertOf(chain, admin, call('upgradeTemplate', [POLICIES_TYPE, '9', other])),
      ).toEqual({
        errorName: 'ImplementationTypeMismatch',
        args: [POLICIES_TYPE, keccak256(toHex('core.ContractsRegistry'))],
      });
    });
  });

  describe('defaults, instances and links', () => {
    test('default: setDefaultInstance records the default of its type', async () => {
      const instance = await deployInstance(admin, admin.address);
      const receipt = await chain.write(admin, call('setDefaultInstance', [instance]));
      expect(eventsOf(contractsRegistryAbi, receipt)[0]).toEqual({
        eventName: 'DefaultInstanceSet',
        args: { registryType: POLICIES_TYPE, instance },
      });
      expect(await read('defaultInstance', [POLICIES_TYPE])).toBe(instance);
    });

    test('error: defaults must be active registered instances', async () => {
      const stranger = getAddress('0x00000000000000000000000000000000000000aa');
      expect(await revertOf(chain, admin, call('setDefaultInstance', [stranger]))).toEqual({
        errorName: 'InstanceNotFound',
        args: [stranger],
      });
      const instance = await deployInstance(admin, admin.address);
      await chain.write(admin, call('setInstanceActive', [instance, false]));
      expect(await read('getDeployment', [instance])).toMatchObject({ active: false });
      expect(await revertOf(chain, admin, call('setDefaultInstance', [instance]))).toEqual({
        errorName: 'InstanceInactive',
        args: [instance],
      });
    });

    test('behavior: after setRegistryLinks, policies gate every function', async () => {
      const policies = await deployInstance(admin, admin.address);
      const manager = randomAccount();
      await chain.write(admin, {
        address: policies,
        abi: policiesRegistryAbi,
        functionName: 'insertPolicy',
        args: ['TCR:manageTemplates', 'Manage templates'],
      });
      await chain.write(admin, {
        address: policies,
        abi: policiesRegistryAbi,
        functionName: 'insertUserAttributes',
        args: [manager.address, ['TCR:manageTemplates']],
      });
      expect(
        await revertOf(
          chain,
          admin,
          call('setRegistryLinks', [policies, '0x0000000000000000000000000000000000000000']),
        ),
      ).toEqual({
        errorName: 'RegistryLinkInvalid',
        args: [],
      });
      await chain.write(admin, call('setRegistryLinks', [policies, registry]));
      expect(await read('policiesRegistry')).toBe(policies);

      // The bootstrap admin holds no TCR policy in this Policies Registry: it is now refused.
      expect(
        await revertOf(chain, admin, call('setTemplateActive', [POLICIES_TYPE, true])),
      ).toEqual({
        errorName: 'PolicyDenied',
        args: ['TCR:manageTemplates', admin.address],
      });
      expect(
        await revertOf(
          chain,
          admin,
          call('deployInstance', [POLICIES_TYPE, policiesInit(admin.address), 'd']),
        ),
      ).toEqual({
        errorName: 'PolicyDenied',
        args: ['TCR:deployProxy', admin.address],
      });
      expect(await revertOf(chain, admin, call('setInstanceActive', [policies, true]))).toEqual({
        errorName: 'PolicyDenied',
        args: ['TCR:manageInstances', admin.address],
      });
      const receipt = await chain.write(manager, call('setTemplateActive', [POLICIES_TYPE, true]));
      expect(eventsOf(contractsRegistryAbi, receipt)[0]).toEqual({
        eventName: 'TemplateActivationChanged',
        args: { templateId: POLICIES_TYPE, active: true },
      });
    });
  });
});
