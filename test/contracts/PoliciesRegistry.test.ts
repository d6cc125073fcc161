import { type Account, type Address, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import {
  eventsOf,
  randomAccount,
  revertOf,
  startTestChain,
  type TestChain,
} from '../support/chain.js';

const artifact = { abi: policiesRegistryAbi, bytecode: policiesRegistryBytecode };
let chain: TestChain;
let admin: Account;
let registry: Address;

beforeAll(async () => {
  chain = await startTestChain();
  admin = randomAccount();
  ({ address: registry } = await chain.deployProxy(admin, artifact, [admin.address]));
});
afterAll(() => chain.close());

const call = (functionName: string, args: readonly unknown[]) => ({
  address: registry,
  abi: policiesRegistryAbi,
  functionName,
  args,
});
const read = <T>(functionName: string, args: readonly unknown[] = []) =>
  chain.client.readContract(call(functionName, args) as never) as Promise<T>;

describe('PoliciesRegistry', () => {
  test('default: initialize gives the admin the six TPR policies', async () => {
    const [names, total] = await read<[string[], bigint]>('getPolicies', [1n, 50n]);
    expect(total).toBe(6n);
    expect(names).toEqual([
      'TPR:insertPolicy',
      'TPR:updatePolicy',
      'TPR:activatePolicy',
      'TPR:deactivatePolicy',
      'TPR:insertUserAttributes',
      'TPR:deleteUserAttributes',
    ]);
    expect(await read('checkPolicy', ['TPR:insertPolicy', admin.address])).toBe(true);
    expect(await read('registryType')).toBe(
      '0x041dc4cb1db1e1e827ff61ca38f0bac052fd65c3d41843e0048c9ef844a37509',
    );
  });

  test('error: initialize cannot run twice, and the implementation is locked', async () => {
    expect(await revertOf(chain, admin, call('initialize', [admin.address]))).toEqual({
      errorName: 'InvalidInitialization',
      args: [],
    });
  });

  describe('insertPolicy', () => {
    test('default: inserts an active policy and emits PolicyInserted', async () => {
      const receipt = await chain.write(
        admin,
        call('insertPolicy', ['DID:addController', 'Add controllers']),
      );
      expect(eventsOf(policiesRegistryAbi, receipt)).toEqual([
        {
          eventName: 'PolicyInserted',
          args: { policyId: 7n, policyName: 'DID:addController', description: 'Add controllers' },
        },
      ]);
      expect(await read('getPolicy', ['DID:addController'])).toEqual({
        policyId: 7n,
        policyName: 'DID:addController',
        description: 'Add controllers',
        active: true,
      });
    });

    test('error: sender without TPR:insertPolicy', async () => {
      const stranger = randomAccount();
      expect(await revertOf(chain, stranger, call('insertPolicy', ['X', 'y']))).toEqual({
        errorName: 'PolicyDenied',
        args: ['TPR:insertPolicy', stranger.address],
      });
    });

    test.each([
      [['', 'd'], 'PolicyNameEmpty', []],
      [['X:y', ''], 'PolicyDescriptionEmpty', []],
      [['TPR:insertPolicy', 'd'], 'PolicyExists', ['TPR:insertPolicy']],
    ])('error: insertPolicy(%j) reverts %s', async (args, errorName, errorArgs) => {
      expect(await revertOf(chain, admin, call('insertPolicy', args))).toEqual({
        errorName,
        args: errorArgs,
      });
    });
  });

  describe('updatePolicy, deactivatePolicy, activatePolicy', () => {
    test('default: update, deactivate (nobody holds it), activate again', async () => {
      await chain.write(admin, call('insertPolicy', ['TS:insertHashAlgorithm', 'v1']));
      const updated = await chain.write(
        admin,
        call('updatePolicy', ['TS:insertHashAlgorithm', 'v2']),
      );
      expect(eventsOf(policiesRegistryAbi, updated)[0]).toMatchObject({
        eventName: 'PolicyUpdated',
        args: { policyName: 'TS:insertHashAlgorithm', oldDescription: 'v1', newDescription: 'v2' },
      });
      const holder = randomAccount();
      await chain.write(
        admin,
        call('insertUserAttributes', [holder.address, ['TS:insertHashAlgorithm']]),
      );
      expect(await read('checkPolicy', ['TS:insertHashAlgorithm', holder.address])).toBe(true);

      const off = await chain.write(admin, call('deactivatePolicy', ['TS:insertHashAlgorithm']));
      expect(eventsOf(policiesRegistryAbi, off)[0]?.eventName).toBe('PolicyDeactivated');
      expect(await read('checkPolicy', ['TS:insertHashAlgorithm', holder.address])).toBe(false);
      expect(
        await revertOf(chain, admin, call('updatePolicy', ['TS:insertHashAlgorithm', 'v3'])),
      ).toEqual({
        errorName: 'PolicyInactive',
        args: ['TS:insertHashAlgorithm'],
      });
      expect(
        await revertOf(chain, admin, call('deactivatePolicy', ['TS:insertHashAlgorithm'])),
      ).toEqual({
        errorName: 'PolicyInactive',
        args: ['TS:insertHashAlgorithm'],
      });

      const on = await chain.write(admin, call('activatePolicy', ['TS:insertHashAlgorithm']));
      expect(eventsOf(policiesRegistryAbi, on)[0]?.eventName).toBe('PolicyActivated');
      expect(await read('checkPolicy', ['TS:insertHashAlgorithm', holder.address])).toBe(true);
      expect(
        await revertOf(chain, admin, call('activatePolicy', ['TS:insertHashAlgorithm'])),
      ).toEqual({
        errorName: 'PolicyAlreadyActive',
        args: ['TS:insertHashAlgorithm'],
      });
    });

    test.each([
      ['updatePolicy', ['Nope', 'd'], 'TPR:updatePolicy'],
      ['activatePolicy', ['Nope'], 'TPR:activatePolicy'],
      ['deactivatePolicy', ['Nope'], 'TPR:deactivatePolicy'],
    ])(
      'error: %s of an unknown policy, and without the policy',
      async (functionName, args, policy) => {
        expect(await revertOf(chain, admin, call(functionName, args))).toEqual({
          errorName: 'PolicyNotFound',
          args: ['Nope'],
        });
        const stranger = randomAccount();
        expect(await revertOf(chain, stranger, call(functionName, args))).toEqual({
          errorName: 'PolicyDenied',
          args: [policy, stranger.address],
        });
      },
    );

    test('error: updatePolicy with an empty description', async () => {
      expect(await revertOf(chain, admin, call('updatePolicy', ['TPR:insertPolicy', '']))).toEqual({
        errorName: 'PolicyDescriptionEmpty',
        args: [],
      });
    });
  });

  describe('insertUserAttributes, deleteUserAttributes', () => {
    test('default: subjects appear with their first attribute and leave with their last', async () => {
      const subject = randomAccount().address;
      const inserted = await chain.write(
        admin,
        call('insertUserAttributes', [subject, ['A:one', 'A:two']]),
      );
      expect(eventsOf(policiesRegistryAbi, inserted)).toEqual([
        { eventName: 'UserAttributeInserted', args: { subject, attribute: 'A:one' } },
        { eventName: 'UserAttributeInserted', args: { subject, attribute: 'A:two' } },
      ]);
      expect(await read('getSubjectAttributes', [subject, 1n, 10n])).toEqual([
        ['A:one', 'A:two'],
        2n,
      ]);
      const [subjects] = await read<[Address[], bigint]>('getSubjects', [1n, 50n]);
      expect(subjects).toContain(subject);

      const deleted = await chain.write(admin, call('deleteUserAttributes', [subject, ['A:one']]));
      expect(eventsOf(policiesRegistryAbi, deleted)).toEqual([
        { eventName: 'UserAttributeDeleted', args: { subject, attribute: 'A:one' } },
      ]);
      expect(await read('hasAttribute', [subject, 'A:one'])).toBe(false);
      expect(await read('getSubjectAttributes', [subject, 1n, 10n])).toEqual([['A:two'], 1n]);

      await chain.write(admin, call('deleteUserAttributes', [subject, ['A:two']]));
      const [after] = await read<[Address[], bigint]>('getSubjects', [1n, 50n]);
      expect(after).not.toContain(subject);
      expect(
        await revertOf(chain, admin, call('getSubjectAttributes', [subject, 1n, 10n])),
      ).toEqual({
        errorName: 'SubjectNotFound',
        args: [subject],
      });
    });

    const zero = '0x0000000000000000000000000000000000000000';
    const someone = getAddress('0x00000000000000000000000000000000000000aa');
    test.each([
      ['insertUserAttributes', [zero, ['A']], 'SubjectInvalid', [zero]],
      ['insertUserAttributes', [someone, []], 'AttributeListEmpty', []],
      ['insertUserAttributes', [someone, ['']], 'AttributeEmpty', []],
      ['deleteUserAttributes', [zero, ['A']], 'SubjectInvalid', [zero]],
      ['deleteUserAttributes', [someone, []], 'AttributeListEmpty', []],
      ['deleteUserAttributes', [someone, ['A']], 'AttributeNotFound', [someone, 'A']],
    ])('error: %s(%j) reverts %s', async (functionName, args, errorName, errorArgs) => {
      expect(await revertOf(chain, admin, call(functionName, args))).toEqual({
        errorName,
        args: errorArgs,
      });
    });

    test('error: an attribute held already', async () => {
      const subject = randomAccount().address;
      await chain.write(admin, call('insertUserAttributes', [subject, ['B']]));
      expect(await revertOf(chain, admin, call('insertUserAttributes', [subject, ['B']]))).toEqual({
        errorName: 'AttributeExists',
        args: [subject, 'B'],
      });
    });

    test('error: senders without the policies', async () => {
      const stranger = randomAccount();
      expect(
        await revertOf(chain, stranger, call('insertUserAttributes', [someone, ['A']])),
      ).toEqual({
        errorName: 'PolicyDenied',
        args: ['TPR:insertUserAttributes', stranger.address],
      });
      expect(
        await revertOf(chain, stranger, call('deleteUserAttributes', [someone, ['A']])),
      ).toEqual({
        errorName: 'PolicyDenied',
        args: ['TPR:deleteUserAttributes', stranger.address],
      });
    });
  });

  describe('views', () => {
    test('behavior: checkPolicy never reverts for unknown policies', async () => {
      expect(await read('checkPolicy', ['Unknown:policy', admin.address])).toBe(false);
    });

    test('error: pagination rules', async () => {
      expect(await revertOf(chain, admin, call('getPolicies', [0n, 10n]))).toEqual({
        errorName: 'PaginationInvalidPage',
        args: [0n],
      });
      expect(await revertOf(chain, admin, call('getPolicies', [1n, 51n]))).toEqual({
        errorName: 'PaginationInvalidPageSize',
        args: [51n],
      });
      const [items, total] = await read<[string[], bigint]>('getPolicies', [1000n, 50n]);
      expect(items).toEqual([]);
      expect(total).toBeGreaterThan(0n);
    });

    test('behavior: getPolicyById', async () => {
      expect(await read('getPolicyById', [1n])).toMatchObject({
        policyId: 1n,
        policyName: 'TPR:insertPolicy',
      });
      expect(await revertOf(chain, admin, call('getPolicyById', [0n]))).toEqual({
        errorName: 'PolicyIdNotFound',
        args: [0n],
      });
    });
  });
});
