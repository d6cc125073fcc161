import type { Address } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { type Page, toPageArgs } from '../common/page.js';
import { POLICIES_REGISTRY } from './contract.js';

const abi = POLICIES_REGISTRY.abi;

/** A policy as the registry stores it. */
export type Policy = { policyId: bigint; policyName: string; description: string; active: boolean };

/** Policy names in insertion order. */
export async function getPolicyNames(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<string>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getPolicies',
    args: toPageArgs(page),
  });
  return { items: [...items], total };
}

/**
 * One policy.
 * @throws {ResourceNotFoundError} `Policy`.
 */
export async function getPolicy(
  reader: BlockReader,
  address: Address,
  policyName: string,
): Promise<Policy> {
  try {
    return await reader.read({ address, abi, functionName: 'getPolicy', args: [policyName] });
  } catch (error) {
    if (isRevertOf(error, 'PolicyNotFound')) {
      throw new ResourceNotFoundError('Policy', `Policy "${policyName}" is not registered`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Subjects that hold at least one attribute. */
export async function getSubjects(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<Address>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getSubjects',
    args: toPageArgs(page),
  });
  return { items: [...items], total };
}

/**
 * The attributes (policy names) a subject holds.
 * @throws {ResourceNotFoundError} `Subject` when it holds none.
 */
export async function getSubjectPolicyNames(
  reader: BlockReader,
  address: Address,
  subject: Address,
  page: PageRequest,
): Promise<Page<string>> {
  try {
    const [items, total] = await reader.read({
      address,
      abi,
      functionName: 'getSubjectAttributes',
      args: [subject, ...toPageArgs(page)],
    });
    return { items: [...items], total };
  } catch (error) {
    if (isRevertOf(error, 'SubjectNotFound')) {
      throw new ResourceNotFoundError('Subject', `Subject ${subject} holds no policy`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Whether `subject` has the attribute `policyName` (whatever the policy's state). */
export async function hasAttribute(
  reader: BlockReader,
  address: Address,
  subject: Address,
  policyName: string,
): Promise<boolean> {
  return reader.read({ address, abi, functionName: 'hasAttribute', args: [subject, policyName] });
}

/** Whether `subject` holds the active policy `policyName` (what contracts check). */
export async function checkPolicy(
  reader: BlockReader,
  address: Address,
  policyName: string,
  subject: Address,
): Promise<boolean> {
  return reader.read({ address, abi, functionName: 'checkPolicy', args: [policyName, subject] });
}
