import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { itemView, pageView } from '../common/defineView.js';
import { POLICIES_REGISTRY } from './contract.js';

const abi = POLICIES_REGISTRY.abi;

/** A policy as the registry stores it. */
export type Policy = { policyId: bigint; policyName: string; description: string; active: boolean };

/** Policy names in insertion order. */
export const getPolicyNames = pageView(abi, 'getPolicies');

/**
 * One policy.
 * @throws {ResourceNotFoundError} `Policy`.
 */
export const getPolicy = itemView(abi, 'getPolicy', toNotFound);

/** Subjects that hold at least one attribute. */
export const getSubjects = pageView(abi, 'getSubjects');

/**
 * The attributes (policy names) a subject holds.
 * @throws {ResourceNotFoundError} `Subject` when it holds none.
 */
export const getSubjectPolicyNames = pageView(abi, 'getSubjectAttributes', toNotFound);

/** Whether `subject` has the attribute `policyName` (whatever the policy's state). */
export const hasAttribute = itemView(abi, 'hasAttribute');

/** Whether `subject` holds the active policy `policyName` (what contracts check). */
export const checkPolicy = itemView(abi, 'checkPolicy');

/** The 404 a known revert of the Policies Registry views stands for; any other error as it is. */
function toNotFound(error: unknown, id: string): unknown {
  if (isRevertOf(error, 'PolicyNotFound')) {
    return new ResourceNotFoundError('Policy', `Policy "${id}" is not registered`, {
      cause: error,
    });
  }
  if (isRevertOf(error, 'SubjectNotFound')) {
    return new ResourceNotFoundError('Subject', `Subject ${id} holds no policy`, { cause: error });
  }
  return error;
}
